/**
 * Prometheus metrics (prom-client) at GET /metrics: requests per route (rate, latency), server renders of pages (by
 * screen: every page is one route, and most are served again without a render), the catalogue cache's hits, misses
 * and invalidations, feed imports (items, seconds, failures), job queue depth, alert e-mails sent and failed, and the
 * process defaults.
 *
 * Protected by a token: /metrics answers only with `Authorization: Bearer $METRICS_TOKEN`, and is not served
 * at all (404) while METRICS_TOKEN is unset. Scrape every instance (each counts its own requests).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type JobMetrics = {
  feedImported: (store: string, items: number, seconds: number, status: 'succeeded' | 'failed' | 'not_modified') => void;
  emailSent: () => void;
  emailFailed: () => void;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** The catalogue cache's running counts (`app.catalogue.stats`), read at each scrape. */
export type CatalogueCacheStats = { hits: number; misses: number; invalidations: number; responseHits: number };

/** A counter whose value is another object's running count, read when Prometheus scrapes. */
function countOf(registry: Registry, name: string, help: string) {
  let read: () => number = () => 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
  return (source: () => number) => {
    read = source;
  };
}

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'bachat_http_request_duration_seconds',
    help: 'API request latency by route',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const importItems = new Counter({ name: 'bachat_feed_import_items_total', help: 'Feed items read by imports', labelNames: ['store'], registers: [registry] });
  const importSeconds = new Histogram({
    name: 'bachat_feed_import_duration_seconds',
    help: 'Feed import duration',
    labelNames: ['status'],
    buckets: [1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });
  const importFailures = new Counter({ name: 'bachat_feed_import_failures_total', help: 'Failed feed imports', labelNames: ['store'], registers: [registry] });
  const emailsSent = new Counter({ name: 'bachat_alert_emails_sent_total', help: 'Alert e-mails sent', registers: [registry] });
  const emailsFailed = new Counter({ name: 'bachat_alert_emails_failed_total', help: 'Alert e-mail send attempts that failed (retried with backoff)', registers: [registry] });
  const queueDepth = new Gauge({ name: 'bachat_job_queue_depth', help: 'Jobs waiting per queue', labelNames: ['queue'], registers: [registry] });
  const pageRenders = new Histogram({
    name: 'bachat_page_render_duration_seconds',
    help: 'Server renders of web pages (its data, the React render and its head) by screen and status; a page served again from the cache is not rendered',
    labelNames: ['screen', 'status_code'],
    buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const catalogueCounts = {
    hits: countOf(registry, 'bachat_catalogue_cache_hits_total', 'Catalogue answers and pages served from memory (or joined to a load in flight)'),
    misses: countOf(registry, 'bachat_catalogue_cache_misses_total', 'Catalogue answers and pages loaded or rendered afresh'),
    invalidations: countOf(registry, 'bachat_catalogue_cache_invalidations_total', 'Times a new catalogue version emptied the cache'),
    responseHits: countOf(registry, 'bachat_response_cache_hits_total', 'Requests answered with kept response bytes, before routing'),
  };

  const jobs: JobMetrics = {
    feedImported(store, items, seconds, status) {
      importItems.inc({ store }, items);
      importSeconds.observe({ status }, seconds);
      if (status === 'failed') importFailures.inc({ store });
    },
    emailSent: () => emailsSent.inc(),
    emailFailed: () => emailsFailed.inc(),
  };
  return {
    registry,
    requests,
    queueDepth,
    jobs,
    pageRendered: (screen: string, status: number, seconds: number) => pageRenders.observe({ screen, status_code: String(status) }, seconds),
    /** Reads the catalogue cache's counts at each scrape. */
    watchCatalogueCache: (stats: () => CatalogueCacheStats) => {
      catalogueCounts.hits(() => stats().hits);
      catalogueCounts.misses(() => stats().misses);
      catalogueCounts.invalidations(() => stats().invalidations);
      catalogueCounts.responseHits(() => stats().responseHits);
    },
  };
}

export const metricsPlugin = fp<{ metrics: Metrics; token: string | undefined; queueDepth?: () => Promise<Record<string, number>> }>(
  async (app: FastifyInstance, options) => {
    const { metrics } = options;
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern (not the URL) keeps label cardinality bounded; unmatched URLs share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
    if (!options.token) return;
    const expected = Buffer.from(`Bearer ${options.token}`);
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: 'Metrics need the METRICS_TOKEN bearer token' });
      }
      if (options.queueDepth) {
        try {
          for (const [queue, depth] of Object.entries(await options.queueDepth())) metrics.queueDepth.set({ queue }, depth);
        } catch {
          // database down: the gauge keeps its last value; request metrics still answer
        }
      }
      return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
