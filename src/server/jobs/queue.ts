/**
 * The job queue: pg-boss on the application's own database (docs/decisions/0002-job-queue-pg-boss.md).
 *
 * On PostgreSQL, every instance (web or `npm run worker`) shares one queue: a job runs once, on whichever
 * instance fetches it first (FOR UPDATE SKIP LOCKED); a job whose instance died is retried after it expires.
 * On the embedded PGlite the queue lives in the same single-process database and jobs run in-process.
 *
 * Other modules enqueue through the typed helpers here (never `boss.send` with a raw name):
 *
 *   const jobId = await app.jobs?.sendStoreImport({ storeId });   // null: one is already queued for that store
 *   const job = await app.jobs?.getStoreImport(jobId);            // { state, summary?, error? }
 */
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '@/server/db/client';
import type { ImportSummary } from '@/server/modules/feeds/import-feed';

export const QUEUES = {
  /** Every minute (cron) and at start: enqueue an import for each store whose feed interval has elapsed. */
  feedsSchedule: 'feeds-schedule',
  /** One store's feed import; at most one queued and one running per store. */
  feedImport: 'feed-import',
  /** Evaluate every price alert (after each import that changed prices); at most one queued. */
  alertsEvaluate: 'alerts-evaluate',
  /** Send one alert e-mail (an email_outbox row), with retries and backoff. */
  emailSend: 'email-send',
  /** Every 5 minutes: enqueue e-mails left pending (written by the CLI, or whose enqueue was lost). */
  emailSweep: 'email-sweep',
  /** Daily: delete old sent e-mails. */
  cleanup: 'cleanup',
} as const;

export type FeedImportJob = { storeId: number; source?: string; partial?: boolean; trigger: 'schedule' | 'operator' | 'cli' };
export type EmailSendJob = { outboxId: number };

export type QueueTuning = {
  /** Seconds an e-mail job may run before another instance takes it over (also the outbox row's lease). */
  emailLeaseSeconds: number;
  /** First retry delay of a failed e-mail; doubles each time (pg-boss retryBackoff). */
  emailRetryDelaySeconds: number;
  emailRetryLimit: number;
  /** How often pg-boss looks for expired jobs of dead instances and archives old ones. */
  maintenanceSeconds: number;
  /** How often an idle worker polls for jobs. */
  pollingSeconds: number;
};

export const DEFAULT_TUNING: QueueTuning = {
  emailLeaseSeconds: 120,
  emailRetryDelaySeconds: 30,
  emailRetryLimit: 8,
  maintenanceSeconds: 30,
  pollingSeconds: 2,
};

/** pg-boss's `db` for the embedded PGlite: parameterised statements one by one, plain scripts (its migrations, locked blocks) as scripts. */
function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
/** `error`: why it failed (also while it waits to be retried), or why it ended without importing (no such store). */
export type StoreImportJob = { id: string; state: JobState; data: FeedImportJob; summary?: ImportSummary; error?: string };

export function createBoss(database: DatabaseHandle, tuning: QueueTuning, role: { work: boolean } = { work: true }): PgBoss {
  const common = {
    schema: 'pgboss',
    // Cron schedules are kept by the instances that run jobs; web-only instances just enqueue.
    schedule: role.work,
    supervise: role.work,
    maintenanceIntervalSeconds: tuning.maintenanceSeconds,
    monitorStateIntervalSeconds: 15,
    // Finished jobs are kept a week for the operator's history, then dropped by pg-boss.
    deleteAfterDays: 7,
  };
  if (database.connection.kind === 'postgres') {
    return new PgBoss({ ...common, connectionString: database.connection.url, max: 4, application_name: 'bachat-jobs' });
  }
  return new PgBoss({ ...common, db: pgliteExecutor(database.connection.client) });
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** The typed face of the queue that the rest of the app uses. */
export function createJobQueue(boss: PgBoss, tuning: QueueTuning) {
  const queueOptions = {
    [QUEUES.feedsSchedule]: { policy: 'singleton' as const, retryLimit: 0, expireInSeconds: 300 },
    [QUEUES.feedImport]: { policy: 'stately' as const, retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3 * 3600 },
    [QUEUES.alertsEvaluate]: { policy: 'short' as const, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
    [QUEUES.emailSend]: {
      // One waiting job per e-mail (a sweep does not queue it twice); the outbox row guards the rest.
      policy: 'short' as const,
      retryLimit: tuning.emailRetryLimit,
      retryDelay: tuning.emailRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: tuning.emailLeaseSeconds,
    },
    [QUEUES.emailSweep]: { policy: 'singleton' as const, retryLimit: 0, expireInSeconds: 300 },
    [QUEUES.cleanup]: { policy: 'singleton' as const, retryLimit: 1, expireInSeconds: 600 },
  };

  // This process's feed-import workers: woken when it queues an import (an operator waits on "import now"), instead
  // of at their next poll; workers of other instances poll as usual.
  const importWorkers = new Set<string>();

  return {
    boss,
    /** A feed-import worker of this process (workers.ts), to wake when an import is queued here. */
    addImportWorker(workerId: string) {
      importWorkers.add(workerId);
    },

    /** Creates the queues (idempotent; every instance does it at start). */
    async createQueues() {
      // Instances starting together may deadlock on pg-boss's queue partitions: the loser tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
          for (const [name, options] of Object.entries(queueOptions)) {
            if (existing.has(name)) await boss.updateQueue(name, { name, ...options });
            else await boss.createQueue(name, { name, ...options });
          }
          return;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
        }
      }
    },

    /** Enqueues one store's feed import; null when one is already waiting for that store. */
    async sendStoreImport(job: FeedImportJob): Promise<string | null> {
      const id = await boss.send(QUEUES.feedImport, job, { singletonKey: `store-${job.storeId}` });
      if (id !== null) for (const worker of importWorkers) boss.notifyWorker(worker);
      return id;
    },

    /** A store import's state and, once done, its summary (or error). Null for an unknown id. */
    async getStoreImport(id: string): Promise<StoreImportJob | null> {
      const job = await boss.getJobById<FeedImportJob>(QUEUES.feedImport, id);
      if (!job) return null;
      const output = (job.output ?? undefined) as { summary?: ImportSummary; message?: string } | undefined;
      return {
        id: job.id,
        state: job.state,
        data: job.data,
        ...(output?.summary ? { summary: output.summary } : {}),
        ...(output?.message ? { error: output.message } : {}),
      };
    },

    /** Asks for an alert evaluation soon (collapses with one already waiting). */
    sendAlertEvaluation(): Promise<string | null> {
      return boss.send(QUEUES.alertsEvaluate, {}, { singletonKey: 'all' });
    },

    /** Enqueues the sending of these outbox e-mails. */
    async sendEmails(outboxIds: number[]): Promise<void> {
      if (outboxIds.length === 0) return;
      await boss.insert(outboxIds.map((outboxId) => ({ name: QUEUES.emailSend, data: { outboxId } satisfies EmailSendJob, singletonKey: `outbox-${outboxId}` })));
    },

    /** Enqueues a schedule check now, at most one per minute across every instance. */
    sendScheduleCheck(): Promise<string | null> {
      return boss.send(QUEUES.feedsSchedule, {}, { singletonKey: 'schedule', singletonSeconds: 60 });
    },

    /** Jobs waiting (created or retrying) per queue, for /metrics. */
    async depth(): Promise<Record<string, number>> {
      const entries = await Promise.all(Object.values(QUEUES).map(async (name) => [name, await boss.getQueueSize(name)] as const));
      return Object.fromEntries(entries);
    },
  };
}
