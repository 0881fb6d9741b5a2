/**
 * Alert e-mails, sent from the email_outbox table (written with the notification, in the same
 * transaction). Delivery:
 *
 * 1. claim: due rows are locked FOR UPDATE SKIP LOCKED and marked 'sending' under a fresh claim token and
 *    a lease, in one statement, so two workers (CLI, server, other instances) never take the same row;
 * 2. send over SMTP (nodemailer), retried a few times with backoff for passing failures;
 * 3. mark 'sent' (only while the claim token is still ours).
 *
 * A process that dies after claiming leaves the row 'sending'; once the lease runs out another worker
 * claims and sends it, so it goes out once. A failure reschedules the row with exponential backoff and
 * gives up ('failed') after MAX_ATTEMPTS. The only duplicate possible is a crash in the milliseconds
 * between the SMTP server accepting the message and the row being marked sent; the Message-ID is derived
 * from the row, so mail systems that de-duplicate by Message-ID drop that copy too.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/modules/feeds/sql-rows';

export type OutgoingMail = { from: string; to: string; subject: string; text: string; messageId: string };
export type Mailer = { send: (mail: OutgoingMail) => Promise<void>; close?: () => void };

/** A mailer for SMTP_URL, e.g. smtp://user:pass@smtp.example.in:587 or smtps://… */
export function smtpMailer(smtpUrl: string, options: { leaseSeconds?: number } = {}): Mailer {
  // Bounded waits: a dead SMTP server must fail the attempt (and reschedule it), not hang the sender. With a
  // lease, every wait stays well inside it: a send still running when its lease ends could be taken over by
  // another instance and go out twice.
  const leaseMs = (options.leaseSeconds ?? 120) * 1000;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: Math.min(10_000, leaseMs / 5),
    greetingTimeout: Math.min(10_000, leaseMs / 5),
    socketTimeout: Math.min(30_000, leaseMs / 4),
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId });
    },
    close: () => transport.close(),
  };
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 8;

export type OutboxRow = { id: number; to_address: string; subject: string; body: string; attempts: number; claim_token: string };

/** Claims up to `limit` due e-mails (pending and due, or 'sending' with an expired lease). */
export async function claimOutbox(db: Pick<Database, 'execute'>, options: { limit?: number; leaseMs?: number } = {}): Promise<OutboxRow[]> {
  const token = randomUUID();
  const leaseSeconds = (options.leaseMs ?? DEFAULT_LEASE_MS) / 1000;
  return queryRows<OutboxRow>(
    db,
    sql`update email_outbox o set status = 'sending', claimed_at = now(), claim_token = ${token}, attempts = o.attempts + 1
        where o.id in (
          select id from email_outbox
          where (status = 'pending' and next_attempt_at <= now())
             or (status = 'sending' and claimed_at <= now() - make_interval(secs => ${leaseSeconds}))
          order by id
          limit ${options.limit ?? 50}
          for update skip locked)
        returning o.id, o.to_address, o.subject, o.body, o.attempts, o.claim_token`,
  );
}

/** Seconds until the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … capped at 1 h. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type DeliverOptions = {
  mailer: Mailer;
  from: string;
  /** Domain of the Message-ID. */
  messageIdDomain?: string;
  leaseMs?: number;
  /** Rows per claim; delivery claims again until nothing is due. */
  limit?: number;
  /** Immediate retries of one send (a passing SMTP hiccup) before the row is rescheduled. */
  retries?: number;
  retryBaseMs?: number;
  log?: { warn: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };
};

export type DeliverResult = { sent: number; rescheduled: number; failed: number };

export async function deliverOutbox(db: Database, options: DeliverOptions): Promise<DeliverResult> {
  const result: DeliverResult = { sent: 0, rescheduled: 0, failed: 0 };
  const retries = options.retries ?? 2;
  const baseMs = options.retryBaseMs ?? 500;
  const domain = options.messageIdDomain ?? 'bachat.local';
  for (;;) {
    const claimed = await claimOutbox(db, { limit: options.limit ?? 50, ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }) });
    if (claimed.length === 0) return result;
    for (const row of claimed) {
      let error: unknown = null;
      for (let attempt = 0; attempt <= retries; attempt++) {
        try {
          await options.mailer.send({
            from: options.from,
            to: row.to_address,
            subject: row.subject,
            text: row.body,
            messageId: `<alert-${row.id}@${domain}>`,
          });
          error = null;
          break;
        } catch (caught) {
          error = caught;
          if (attempt < retries) await sleep(baseMs * 2 ** attempt);
        }
      }
      if (error === null) {
        await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null
          where id = ${row.id} and claim_token = ${row.claim_token}`);
        result.sent += 1;
        continue;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        await db.execute(sql`update email_outbox set status = 'failed', last_error = ${message}, claim_token = null
          where id = ${row.id} and claim_token = ${row.claim_token}`);
        result.failed += 1;
        options.log?.error({ outboxId: row.id, attempts: row.attempts, err: message }, 'alert e-mail failed for good');
      } else {
        await db.execute(sql`update email_outbox set status = 'pending', last_error = ${message}, claim_token = null,
            next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
          where id = ${row.id} and claim_token = ${row.claim_token}`);
        result.rescheduled += 1;
        options.log?.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'alert e-mail failed; will retry');
      }
    }
    // A claim that came back short means nothing else is due now.
    if (claimed.length < (options.limit ?? 50)) return result;
  }
}

export type SendOneResult = 'sent' | 'already-sent' | 'gave-up' | 'not-found';

/** Thrown when another worker holds a live claim on the row: the job is retried later. */
export class OutboxBusyError extends Error {
  override readonly name = 'OutboxBusyError';
}

/**
 * Sends one outbox e-mail (the job queue's `email-send` job). The row decides, not the job: it is claimed
 * (pending, or 'sending' whose lease ran out because its sender died) under a fresh token, sent, and marked
 * sent only while the token is still ours; a row already sent is not sent again, whichever job or instance
 * asks. A failed send puts the row back to pending and throws, so the queue retries it with backoff; on the
 * last attempt (`finalAttempt`) the row is marked failed instead.
 */
export async function sendOutboxEmail(
  db: Database,
  id: number,
  options: { mailer: Mailer; from: string; messageIdDomain?: string; leaseSeconds: number; finalAttempt: boolean },
): Promise<SendOneResult> {
  const token = randomUUID();
  const [row] = await queryRows<OutboxRow>(
    db,
    sql`update email_outbox set status = 'sending', claimed_at = now(), claim_token = ${token}, attempts = attempts + 1
        where id = ${id}
          and (status = 'pending' or (status = 'sending' and claimed_at <= now() - make_interval(secs => ${options.leaseSeconds})))
        returning id, to_address, subject, body, attempts, claim_token`,
  );
  if (!row) {
    const [current] = await queryRows<{ status: string }>(db, sql`select status from email_outbox where id = ${id}`);
    if (!current) return 'not-found';
    if (current.status === 'sent') return 'already-sent';
    if (current.status === 'failed') return 'gave-up';
    throw new OutboxBusyError(`alert e-mail ${id} is being sent by another worker`);
  }
  try {
    await options.mailer.send({
      from: options.from,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      messageId: `<alert-${row.id}@${options.messageIdDomain ?? 'bachat.local'}>`,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(sql`update email_outbox set status = ${options.finalAttempt ? 'failed' : 'pending'}, last_error = ${message}, claim_token = null
      where id = ${row.id} and claim_token = ${row.claim_token}`);
    throw error;
  }
  await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null
    where id = ${row.id} and claim_token = ${row.claim_token}`);
  return 'sent';
}

/** Outbox e-mails waiting to be sent (for the queue's sweep). */
export async function pendingOutboxIds(db: Pick<Database, 'execute'>, limit = 1000): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from email_outbox where status = 'pending' order by id limit ${limit}`);
  return rows.map((row) => row.id);
}
