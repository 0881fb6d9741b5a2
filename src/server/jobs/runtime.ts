/** Starts the job queue for a process (the server, `npm run worker`): pg-boss, its queues and, if asked, the workers. */
import type { AppConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import type { ImportLogger } from '@/server/modules/feeds/import-feed';
import type { JobMetrics } from '@/server/plugins/metrics';
import { createBoss, createJobQueue, DEFAULT_TUNING, type JobQueue, type QueueTuning } from './queue';
import { startWorkers } from './workers';

export type QueueRuntime = { queue: JobQueue; stop: (timeoutMs: number) => Promise<void> };

export function tuningFrom(config: Pick<AppConfig, 'EMAIL_LEASE_SECONDS' | 'EMAIL_RETRY_DELAY_SECONDS' | 'JOBS_MAINTENANCE_SECONDS'>): QueueTuning {
  return {
    ...DEFAULT_TUNING,
    emailLeaseSeconds: config.EMAIL_LEASE_SECONDS,
    emailRetryDelaySeconds: config.EMAIL_RETRY_DELAY_SECONDS,
    maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS,
  };
}

export async function startQueue(options: {
  database: DatabaseHandle;
  config: AppConfig;
  log: ImportLogger;
  work: boolean;
  metrics?: JobMetrics;
}): Promise<QueueRuntime> {
  const tuning = tuningFrom(options.config);
  const boss = createBoss(options.database, tuning, { work: options.work });
  let lastErrorLog = 0;
  boss.on('error', (error: Error) => {
    // While PostgreSQL is down every poll fails: one line per 10 s; the queue resumes by itself.
    if (Date.now() - lastErrorLog < 10_000) return;
    lastErrorLog = Date.now();
    options.log.error({ err: error.message }, 'job queue error');
  });
  await boss.start();
  const queue = createJobQueue(boss, tuning);
  await queue.createQueues();
  if (!options.work) {
    return { queue, stop: (timeoutMs) => boss.stop({ graceful: true, timeout: timeoutMs, wait: true }) };
  }
  const workers = await startWorkers({
    database: options.database,
    config: options.config,
    queue,
    tuning,
    log: options.log,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return { queue, stop: workers.stop };
}
