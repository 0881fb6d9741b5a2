import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { openConfiguredDatabase } from './db/open';
import { seedDemoCatalogue } from './db/seed/seed';
import { startBackgroundJobs } from './jobs/background-jobs';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, ownsDatabase: true });

  if (config.SEED_DEMO) {
    const started = Date.now();
    const result = await seedDemoCatalogue(database.db);
    if (result.seeded) app.log.info({ products: result.products, ms: Date.now() - started }, 'seeded the demo catalogue');
  }

  app.addHook('onClose', startBackgroundJobs({ database, config, log: app.log }).stop);

  // SIGTERM (a deploy, a scale-down): stop taking requests (readiness and new requests answer 503), finish
  // those in flight and the running jobs, close the database, exit 0. Past the timeout, exit anyway
  // (a job cut short is handed back by the queue).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info({ driver: database.kind }, `Bachat is serving on http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || (error instanceof Error && error.message.startsWith('Invalid configuration'))) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
