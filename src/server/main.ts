import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { openConfiguredDatabase } from './db/open';
import { seedDemoCatalogue } from './db/seed/seed';
import { startQueue } from './jobs/runtime';
import { createMetrics } from './plugins/metrics';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const metrics = createMetrics();
  // The app, its queue and its workers share the database; this function closes it last.
  // Log lines go to stdout asynchronously (pino's recommendation for throughput): a line is handed to a write on
  // libuv's threads instead of a synchronous write per request on this one; lines queued meanwhile go out together.
  // Flushed before every exit below.
  const logDestination = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({ config, database, ownsDatabase: false, metrics, logger: { level: config.LOG_LEVEL, stream: logDestination } });

  if (config.SEED_DEMO) {
    const started = Date.now();
    const result = await seedDemoCatalogue(database.db);
    if (result.seeded) app.log.info({ products: result.products, ms: Date.now() - started }, 'seeded the demo catalogue');
  }

  // Jobs (feed schedule, alert evaluation, e-mail) on pg-boss: in this process unless JOBS_WORKER=off.
  const runtime = await startQueue({ database, config, log: app.log, work: config.JOBS_WORKER, metrics: metrics.jobs });
  app.jobs = runtime.queue;

  // SIGTERM (a deploy, a scale-down): stop taking requests (readiness and new requests answer 503), finish
  // those in flight and the running jobs, close the database, exit 0. Jobs still running at the timeout are
  // handed back to the queue (another instance retries them); past the timeout the process exits anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    const force = setTimeout(() => {
      app.log.error({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown timed out; exiting');
      logDestination.flushSync();
      process.exit(1);
    }, timeoutMs + 3000);
    force.unref();
    let code = 0;
    try {
      await Promise.all([app.close(), runtime.stop(timeoutMs)]);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      code = 1;
    }
    app.log.info('stopped');
    logDestination.flushSync();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info({ driver: database.kind, jobs: config.JOBS_WORKER ? 'in this process' : 'enqueue only' }, `Bachat is serving on http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || (error instanceof Error && error.message.startsWith('Invalid configuration'))) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
