/**
 * What the server does besides answering requests (started from main.ts):
 *
 * - at start, and every minute: evaluate price alerts (an import by the CLI on PostgreSQL, an alert
 *   left due by a crash) and send due alert e-mails (retries, leases of crashed senders);
 * - with FEEDS_SCHEDULE=on: every minute, import the feeds of the stores whose interval has elapsed,
 *   one at a time (the same import as `npm run feeds -- sync --due`; import_runs keeps two processes
 *   from importing one store at once).
 */
import type { AppConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import type { ImportLogger } from '@/server/modules/feeds/import-feed';
import { createNotifier } from '@/server/modules/notifications/notifier';
import { syncStores } from './feed-sync';

export type BackgroundJobOptions = {
  database: DatabaseHandle;
  config: Pick<AppConfig, 'FEEDS_SCHEDULE' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;
  log: ImportLogger;
  /** Milliseconds between alert checks / schedule checks (tests shorten them). */
  alertIntervalMs?: number;
  scheduleIntervalMs?: number;
  /** Delay before the first schedule check (lets the server finish starting). */
  scheduleFirstMs?: number;
};

export function startBackgroundJobs(options: BackgroundJobOptions): { stop: () => Promise<void> } {
  const { database, config, log } = options;
  const notifier = createNotifier(database.db, config, log);
  const abort = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  /** Runs `task` unless the previous run of the same job is still going; failures are logged, never thrown. */
  const singleFlight = (name: string, task: () => Promise<unknown>) => {
    let current: Promise<unknown> | null = null;
    return () => {
      if (current || abort.signal.aborted) return;
      current = task()
        .catch((error: unknown) => log.error({ err: error, job: name }, 'background job failed'))
        .finally(() => {
          if (current) running.delete(current);
          current = null;
        });
      running.add(current);
    };
  };

  const alerts = singleFlight('alerts', async () => {
    await notifier.evaluate();
    if (notifier.emailOn) await notifier.deliver();
  });
  const schedule = singleFlight('feeds', async () => {
    const results = await syncStores(database.db, notifier, { dueOnly: true, trigger: 'schedule', signal: abort.signal, log });
    for (const result of results) {
      if (result.error) log.error({ store: result.store, err: result.error }, 'scheduled feed import failed');
    }
  });

  const every = (ms: number, job: () => void, firstAfterMs: number) => {
    const first = setTimeout(() => {
      job();
      const repeat = setInterval(job, ms);
      repeat.unref();
      timers.push(repeat);
    }, firstAfterMs);
    first.unref();
    timers.push(first);
  };

  every(options.alertIntervalMs ?? 60_000, alerts, 0);
  if (config.FEEDS_SCHEDULE) {
    every(options.scheduleIntervalMs ?? 60_000, schedule, options.scheduleFirstMs ?? 5_000);
    log.info({ everyMs: options.scheduleIntervalMs ?? 60_000 }, 'feed schedule is on');
  }

  return {
    async stop() {
      abort.abort();
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
      notifier.close();
    },
  };
}
