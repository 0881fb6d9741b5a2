/**
 * Alert evaluation plus e-mail delivery, configured once (SMTP_URL, MAIL_FROM, PUBLIC_URL) for whoever runs
 * them: the feeds CLI after an import, the server's background jobs, the API after an alert changes.
 */
import type { AppConfig } from '@/server/config';
import type { Database } from '@/server/db/client';
import { type EvaluateResult, evaluateAlerts } from './alert-evaluation';
import { type DeliverResult, type Mailer, deliverOutbox, pendingOutboxIds, smtpMailer } from './email-outbox';

type Log = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type NotifierConfig = Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;

export function createNotifier(
  db: Database,
  config: NotifierConfig,
  log?: Log,
  mailer?: Mailer,
  /** With a job queue, triggered e-mails are handed to it (retries, exactly once across instances) instead of sent here. */
  queue?: () => { sendEmails: (outboxIds: number[]) => Promise<void> } | null,
) {
  const emailOn = Boolean(config.SMTP_URL) || mailer !== undefined;
  let transport: Mailer | null = mailer ?? null;
  let delivering: Promise<DeliverResult> | null = null;
  let domain = 'bachat.local';
  try {
    domain = new URL(config.PUBLIC_URL).hostname || domain;
  } catch {
    // keep the default
  }

  const deliver = async (): Promise<DeliverResult> => {
    if (!emailOn) return { sent: 0, rescheduled: 0, failed: 0 };
    // One delivery at a time per process; a second caller waits for the running one and then runs again.
    while (delivering) await delivering.catch(() => undefined);
    transport ??= smtpMailer(config.SMTP_URL as string);
    delivering = deliverOutbox(db, { mailer: transport, from: config.MAIL_FROM, messageIdDomain: domain, ...(log ? { log } : {}) });
    try {
      const result = await delivering;
      if (result.sent + result.rescheduled + result.failed > 0) log?.info({ ...result }, 'alert e-mails delivered');
      return result;
    } finally {
      delivering = null;
    }
  };

  return {
    emailOn,
    /**
     * Evaluates alerts (all, or one user's) and, when e-mail is on and something fired, sends — waiting for
     * it, or in the background (`background: true`, for a request that must not wait on an SMTP server).
     */
    async evaluate(scope: { userId?: number; background?: boolean } = {}): Promise<EvaluateResult & { delivered?: DeliverResult }> {
      const result = await evaluateAlerts(db, {
        email: emailOn,
        publicUrl: config.PUBLIC_URL,
        ...(scope.userId === undefined ? {} : { userId: scope.userId }),
      });
      if (result.triggered > 0) log?.info({ ...result, userId: scope.userId }, 'price alerts triggered');
      if (!emailOn || result.triggered === 0) return result;
      const jobs = queue?.();
      if (jobs) {
        await jobs.sendEmails(await pendingOutboxIds(db));
        return result;
      }
      if (scope.background) {
        deliver().catch((error: unknown) => log?.error({ err: error }, 'sending alert e-mails failed'));
        return result;
      }
      return { ...result, delivered: await deliver() };
    },
    deliver,
    close() {
      transport?.close?.();
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
