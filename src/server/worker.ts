/**
 * `npm run worker`: a process that only runs jobs (feed schedule and imports, alert evaluation, e-mail), so
 * web and worker instances scale separately. Needs DATABASE_URL (PostgreSQL): the embedded database allows
 * one process, where the server runs the jobs itself. Stops gracefully on SIGTERM (running jobs finish, or
 * are handed back to the queue at SHUTDOWN_TIMEOUT_SECONDS).
 */
import Fastify from 'fastify';
import pino from 'pino';
import { loadConfig } from './config';
import { databaseStatus } from './db/client';
import { openConfiguredDatabase } from './db/open';
import { startQueue } from './jobs/runtime';
import { withTimeout } from './modules/health/routes';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, base: { role: 'worker' } });
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the server runs the jobs itself: start it with `npm start`.',
    );
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config);
  const runtime = await startQueue({ database, config, log, work: true });
  let closing = false;

  // With WORKER_HEALTH_PORT, the orchestrator can watch a worker as it watches web instances: /health while the
  // process answers, /ready while it can reach its database and is not shutting down.
  const health = config.WORKER_HEALTH_PORT ? Fastify({ logger: false }) : null;
  if (health) {
    health.get('/health', async () => ({ status: 'ok', role: 'worker' }));
    health.get('/ready', async (_request, reply) => {
      // Bounded as the web instances' readiness is: a hanging database is "unavailable" within a second.
      const reachable = await withTimeout(databaseStatus(database.db), 'unavailable');
      const ready = reachable === 'ok' && !closing;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database: reachable, shuttingDown: closing });
    });
    await health.listen({ host: config.HOST, port: config.WORKER_HEALTH_PORT });
  }
  log.info({ healthPort: config.WORKER_HEALTH_PORT ?? null }, 'worker started');

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    setTimeout(() => process.exit(1), timeoutMs + 3000).unref();
    try {
      await runtime.stop(timeoutMs);
      await health?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error && error.message.startsWith('Invalid configuration') ? error.message : error);
  process.exit(1);
});
