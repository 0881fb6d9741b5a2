/**
 * What runs on the job queue (replaces the hand-written timers and leases of background-jobs.ts):
 *
 * - feeds-schedule (cron every minute, and once at start; FEEDS_SCHEDULE=on): one feed-import job per store
 *   whose interval has elapsed. pg-boss's cron fires once per minute across all instances, the singleton
 *   policy lets one check run at a time, and a store has at most one import queued and one running, so a
 *   due store is imported once per interval however many instances run.
 * - feed-import: imports one store's feed; when prices changed, asks for an alert evaluation.
 * - alerts-evaluate: evaluates every alert (notifications and outbox e-mails in one transaction), then
 *   enqueues an email-send job per waiting e-mail.
 * - email-send: sends one e-mail, retried with exponential backoff; the outbox row's claim makes it go out
 *   once even when an instance dies mid-delivery (its job expires and another instance takes it over).
 * - email-sweep (every 5 min): e-mails left pending by the CLI or a lost enqueue get their job.
 * - cleanup (daily): sent e-mails older than 30 days are deleted (pg-boss drops its own old jobs).
 */
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { type ImportLogger, ImportFailedError, importFeed } from '@/server/modules/feeds/import-feed';
import { createStoreRepository } from '@/server/modules/feeds/store-repository';
import { evaluateAlerts } from '@/server/modules/notifications/alert-evaluation';
import { type Mailer, pendingOutboxIds, sendOutboxEmail, smtpMailer } from '@/server/modules/notifications/email-outbox';
import type { JobMetrics } from '@/server/plugins/metrics';
import { type EmailSendJob, type FeedImportJob, type JobQueue, QUEUES, type QueueTuning } from './queue';

export type WorkerOptions = {
  database: DatabaseHandle;
  config: Pick<AppConfig, 'FEEDS_SCHEDULE' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;
  queue: JobQueue;
  tuning: QueueTuning;
  log: ImportLogger & { debug?: (obj: object, msg?: string) => void };
  mailer?: Mailer;
  metrics?: JobMetrics;
};

export type Workers = { stop: (timeoutMs: number) => Promise<void> };

function messageIdDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'bachat.local';
  } catch {
    return 'bachat.local';
  }
}

/** Registers the schedules and the handlers of every queue on this instance. */
export async function startWorkers(options: WorkerOptions): Promise<Workers> {
  const { database, config, queue, tuning, log, metrics } = options;
  const { boss } = queue;
  const db = database.db;
  const emailOn = Boolean(config.SMTP_URL) || options.mailer !== undefined;
  let mailer: Mailer | null = options.mailer ?? null;
  const abort = new AbortController();
  const polling = { pollingIntervalSeconds: tuning.pollingSeconds };

  if (config.FEEDS_SCHEDULE) {
    await boss.schedule(QUEUES.feedsSchedule, '* * * * *', {}, { singletonKey: 'schedule' });
    await queue.sendScheduleCheck();
    log.info({}, 'feed schedule is on');
  } else {
    await boss.unschedule(QUEUES.feedsSchedule);
  }
  await boss.schedule(QUEUES.emailSweep, '*/5 * * * *');
  await boss.schedule(QUEUES.cleanup, '17 3 * * *');

  await boss.work(QUEUES.feedsSchedule, polling, async () => {
    const due = await createStoreRepository(db).due();
    let queued = 0;
    for (const store of due) if (await queue.sendStoreImport({ storeId: store.id, trigger: 'schedule' })) queued += 1;
    if (queued > 0) log.info({ stores: due.map((store) => store.slug), queued }, 'scheduled feed imports queued');
    return { due: due.length, queued };
  });

  const importWorker = await boss.work<FeedImportJob>(QUEUES.feedImport, { ...polling, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const [store] = (await createStoreRepository(db).list()).filter((each) => each.id === job.data.storeId);
    if (!store) return { message: `no store ${job.data.storeId}` };
    // A schedule check may queue a store while its previous import is active but has not yet committed its run
    // (the queue keeps one waiting beside one active): when this job's turn comes, that import has covered the
    // interval. Asked again now, not by comparing times: a run's started_at is its transaction's start, which can
    // be earlier than this job's creation although the check that queued it did not see the run yet.
    if (job.data.trigger === 'schedule' && !(await createStoreRepository(db).due()).some((each) => each.id === store.id)) {
      return { message: `store ${store.slug} is no longer due (imported since this scheduled import was queued)` };
    }
    const source = job.data.source ?? store.feedUrl;
    if (!source) return { message: `store ${store.slug} has no feed URL` };
    const started = process.hrtime.bigint();
    try {
      const summary = await importFeed(db, {
        store,
        source,
        ...(job.data.partial ? { partial: true } : {}),
        trigger: job.data.trigger === 'schedule' ? 'schedule' : job.data.trigger === 'operator' ? 'console' : 'cli',
        logger: log,
        signal: abort.signal,
      });
      metrics?.feedImported(store.slug, summary.itemsRead, Number(process.hrtime.bigint() - started) / 1e9, summary.status);
      if (summary.changedProducts > 0) await queue.sendAlertEvaluation();
      return { summary };
    } catch (error) {
      metrics?.feedImported(store.slug, error instanceof ImportFailedError ? error.summary.itemsRead : 0, Number(process.hrtime.bigint() - started) / 1e9, 'failed');
      log.error({ store: store.slug, err: error instanceof Error ? error.message : String(error) }, 'feed import job failed');
      throw error;
    }
  });

  queue.addImportWorker(importWorker);

  await boss.work(QUEUES.alertsEvaluate, polling, async () => {
    const result = await evaluateAlerts(db, { email: emailOn, publicUrl: config.PUBLIC_URL });
    if (result.triggered > 0) log.info({ ...result }, 'price alerts triggered');
    if (emailOn) await queue.sendEmails(await pendingOutboxIds(db));
    return result;
  });

  const domain = messageIdDomain(config.PUBLIC_URL);
  const sendOne = async ([job]: PgBoss.JobWithMetadata<EmailSendJob>[]) => {
    if (!job) return;
    if (!emailOn) throw new Error('e-mail is off on this instance (SMTP_URL is not set)');
    mailer ??= smtpMailer(config.SMTP_URL as string, { leaseSeconds: tuning.emailLeaseSeconds });
    try {
      const result = await sendOutboxEmail(db, job.data.outboxId, {
        mailer,
        from: config.MAIL_FROM,
        messageIdDomain: domain,
        leaseSeconds: tuning.emailLeaseSeconds,
        finalAttempt: job.retryCount >= job.retryLimit,
      });
      if (result === 'sent') metrics?.emailSent();
      return { result };
    } catch (error) {
      metrics?.emailFailed();
      log.warn({ outboxId: job.data.outboxId, attempt: job.retryCount + 1, err: error instanceof Error ? error.message : String(error) }, 'alert e-mail not sent; will retry');
      throw error;
    }
  };
  // E-mail is slow I/O: two senders per instance.
  if (emailOn) {
    for (let i = 0; i < 2; i++) await boss.work<EmailSendJob>(QUEUES.emailSend, { ...polling, includeMetadata: true }, sendOne);
  }

  await boss.work(QUEUES.emailSweep, polling, async () => {
    if (!emailOn) return { queued: 0 };
    const ids = await pendingOutboxIds(db);
    await queue.sendEmails(ids);
    return { queued: ids.length };
  });

  await boss.work(QUEUES.cleanup, polling, async () => {
    await db.execute(sql`delete from email_outbox where status = 'sent' and sent_at < now() - interval '30 days'`);
  });

  // At start: evaluate once (an import by the CLI, an evaluation cut short by a crash) and sweep e-mails.
  await queue.sendAlertEvaluation();
  if (emailOn) await queue.sendEmails(await pendingOutboxIds(db));

  return {
    async stop(timeoutMs: number) {
      // Running jobs get until the timeout; an import still running then is aborted and handed back.
      const abortTimer = setTimeout(() => abort.abort(), Math.max(0, timeoutMs - 2000));
      abortTimer.unref();
      try {
        await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
      } finally {
        clearTimeout(abortTimer);
        mailer?.close?.();
      }
    },
  };
}
