import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { clickAdminRoutes } from './modules/clicks/admin-routes';
import { importRunRoutes } from './modules/feeds/runs-routes';
import { clickTicketRoutes } from './modules/clicks/ticket-routes';
import { goRoutes } from './modules/clicks/go-routes';
import { comparisonRoutes } from './modules/comparisons/routes';
import { dealRoutes } from './modules/deals/routes';
import { healthRoutes } from './modules/health/routes';
import { mediaRoutes } from './modules/media/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { APP_LOADER_CSP_SOURCE } from './modules/pages/app-loader';
import { isInternalRequest } from './modules/pages/internal-request';
import { pageRoutes } from './modules/pages/routes';
import { priceAlertRoutes } from './modules/price-alerts/routes';
import { productRoutes } from './modules/products/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';
import { visitRoutes } from './modules/visits/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { authPlugin, loadJwtSecret } from './plugins/auth';
import { catalogueCachePlugin } from './plugins/catalogue-cache';
import { adminPagePlugin } from './plugins/admin-page';
import { productRedirectsPlugin } from './plugins/product-redirects';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { frameworkErrors, strictInputPlugin } from './plugins/strict-input';
import { type Metrics, metricsPlugin } from './plugins/metrics';
import { redisPlugin } from './plugins/redis';
import { securityHeadersPlugin } from './plugins/security-headers';
import type { JobQueue } from './jobs/queue';
import { swaggerPlugin } from './plugins/swagger';
import type { App } from './types';

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Close the database with the app (the server does; tests that share one database don't). */
  ownsDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The job queue (the server passes it; tests without one run evaluation and e-mail inline). */
  jobs?: JobQueue | null;
  /** Prometheus metrics (the server passes them; /metrics needs METRICS_TOKEN). */
  metrics?: Metrics;
  /** Catalogue cache settings (benchmarks turn it off to measure the uncached path). */
  catalogueCache?: { enabled?: boolean; maxBytes?: number };
  /** Extra route modules under /api (later features register here). */
  extraApiRoutes?: ((app: App) => Promise<void>)[];
};

/**
 * One log line per request, when it completes (method, url, status, time), not Fastify's two: at catalogue-cache
 * speeds the second line was a measurable share of a request's cost (docs/decisions/0005-catalogue-cache.md).
 */
class OneLineRequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // Answers from the response cache are counted in /metrics, not logged one by one unless LOG_LEVEL=debug: at
    // their speed the log line would be a fifth of the work (docs/decisions/0005-catalogue-cache.md).
    else if (request.fromResponseCache) reply.log.debug(line, 'request completed from the response cache');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Ids come as path segments; a long junk URL should be a 404, not a router stress test.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Draining is answered below, as `{"detail"}` like every other error.
    return503OnClosing: false,
    logController: new OneLineRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();

  // Shutting down (SIGTERM): requests already in flight finish; new ones, readiness included, answer 503 so the
  // load balancer sends them elsewhere.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Hooks on every request are callback-style: an async hook costs a promise per request (issue 18's budgets).
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.status(503).header('connection', 'close').header('retry-after', '1').send({ detail: 'This server is restarting: please try again' });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(strictInputPlugin);
  // Every text response is compressed (static assets come precompressed from the build).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          // Product images may come from store feeds (other hosts); charts use inline styles.
          // The page's inline loader of the web app's scripts, by hash (modules/pages/app-loader.ts).
          'script-src': ["'self'", APP_LOADER_CSP_SOURCE],
          'img-src': ["'self'", 'data:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'media-src': ["'self'", 'https:'],
          'frame-src': ["'self'", 'https:'],
        },
      },
    },
  });
  app.decorate('jobs', options.jobs ?? null);
  if (options.metrics) {
    await app.register(metricsPlugin, { metrics: options.metrics, token: config.METRICS_TOKEN, queueDepth: async () => (app.jobs ? app.jobs.depth() : {}) });
  }
  await app.register(redisPlugin, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // Counters in Redis when configured: limits hold across instances and restarts. A Redis outage lets
    // requests through rather than failing them (readiness reports it).
    ...(app.redis ? { redis: app.redis, nameSpace: 'rl:', skipOnError: true } : {}),
    // The page renderer's in-process API calls are the shopper's page request, already counted.
    allowList: (request) => isInternalRequest(request),
    // The builder's result is thrown into the error handler, which turns it into `{"detail"}`.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests: try again in ${context.after}`), { statusCode: 429 }),
  });
  await app.register(dbPlugin, { database: options.database, closeOnShutdown: options.ownsDatabase ?? false });
  await app.register(catalogueCachePlugin, { validate: config.NODE_ENV !== 'production', ...options.catalogueCache });
  options.metrics?.watchCatalogueCache(() => app.catalogue.stats);
  await app.register(productRedirectsPlugin);
  await app.register(adminPagePlugin);
  await app.register(authPlugin, { secret: loadJwtSecret({ jwtSecret: config.JWT_SECRET, dataDir: config.DATA_DIR }), ttl: config.JWT_TTL });
  await app.register(swaggerPlugin);
  // Click-outs live at the root (`/go/{offerId}`), not under /api: they are links, not API calls.
  await app.register(goRoutes, { config });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(healthRoutes);
      await typed.register(productRoutes);
      await typed.register(dealRoutes);
      await typed.register(reviewRoutes);
      await typed.register(searchRoutes);
      await typed.register(mediaRoutes);
      await typed.register(authRoutes, {
        rateLimitMax: config.AUTH_RATE_LIMIT_MAX,
        failuresBeforeLock: config.LOGIN_FAILURES_BEFORE_LOCK,
        addressFailuresMax: config.LOGIN_ADDRESS_FAILURES_MAX,
      });
      await typed.register(wishlistRoutes);
      await typed.register(priceAlertRoutes);
      await typed.register(comparisonRoutes);
      await typed.register(visitRoutes);
      await typed.register(notificationRoutes, { config });
      await typed.register(adminRoutes, { config });
      await typed.register(clickTicketRoutes);
      await typed.register(clickAdminRoutes);
      await typed.register(importRunRoutes);
      for (const routes of options.extraApiRoutes ?? []) await typed.register(routes);
    },
    { prefix: '/api' },
  );

  const webRoot = path.resolve(config.WEB_DIST);
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      // Source maps stay on the server unless asked for (SOURCE_MAPS=on); the built index.html is no page.
      allowedPath: (pathName) => (config.SOURCE_MAPS || !pathName.endsWith('.map')) && pathName !== '/index.html',
    });
    // Hashed bundles never change; index.html must be revalidated so a deploy is picked up.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      done(null, payload);
    });
  }

  // Pages of the web app, rendered on the server: every GET path no route above answers.
  await app.register(pageRoutes, { config, metrics: options.metrics });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Enqueue jobs here (src/server/jobs/queue.ts); null when the app runs without a queue (some tests). */
    jobs: JobQueue | null;
  }
}

export type BachatApp = Awaited<ReturnType<typeof buildApp>>;
