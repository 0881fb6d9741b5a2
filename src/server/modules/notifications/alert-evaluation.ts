/**
 * Alert evaluation (DECISIONS 13): an active alert whose condition holds is triggered once per crossing.
 *
 * - 'price': the product's best price (products.current_price, DECISIONS 8) is at or below the target.
 * - 'back-in-stock': some store has the product in stock (products.in_stock).
 *
 * Triggering sets price_alerts.triggered_at, writes an in-app notification and, when e-mail is on, an
 * email_outbox row — all in one transaction, so a crash leaves either all or nothing. An alert whose
 * condition no longer holds has triggered_at cleared (the price went back above the target, the product
 * sold out again): its next crossing notifies again. Triggered alerts are claimed FOR UPDATE SKIP LOCKED
 * and re-checked (`triggered_at is null`), so evaluations running at once (an import, the server) never
 * notify twice. Evaluating again without a new crossing changes nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import { formatPrice } from '@/shared/money';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/modules/feeds/sql-rows';

export type EvaluateOptions = {
  /** Write an outbox e-mail with each notification (SMTP_URL is set). */
  email: boolean;
  /** Base URL of the web app, for links in e-mails. */
  publicUrl: string;
  /** Only this user's alerts (after they create or edit one). */
  userId?: number;
  /** At most this many alerts per transaction; evaluation loops until none is due. */
  batchSize?: number;
};

export type EvaluateResult = { triggered: number; reset: number };

type DueAlert = {
  id: number;
  user_id: number;
  product_id: number;
  kind: string;
  target_price: string | null;
  name: string;
  current_price: string | null;
  store: string | null;
  email: string;
};

const rupees = (value: string | null) => formatPrice(Number(value ?? 0));

export function alertMessage(alert: Pick<DueAlert, 'kind' | 'name' | 'current_price' | 'target_price' | 'store'>): { title: string; body: string } {
  const at = alert.store ? ` at ${alert.store}` : '';
  if (alert.kind === 'back-in-stock') {
    return {
      title: `Back in stock: ${alert.name}`,
      body: `${alert.name} is back in stock${at} for ${rupees(alert.current_price)}.`,
    };
  }
  return {
    title: `Price alert: ${alert.name} is now ${rupees(alert.current_price)}`,
    body: `${alert.name} is now ${rupees(alert.current_price)}${at}, at or below your target of ${rupees(alert.target_price)}.`,
  };
}

export function alertEmailText(body: string, productId: number, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return [
    body,
    '',
    `See the deal: ${base}/product/${productId}`,
    '',
    `You get this e-mail because you set an alert on Bachat. Manage your alerts: ${base}/price-tracking`,
  ].join('\n');
}

const conditionHolds = sql.raw(`(
  (a.kind = 'price' and a.target_price is not null and p.current_price is not null and p.current_price <= a.target_price)
  or (a.kind = 'back-in-stock' and p.in_stock))`);

export async function evaluateAlerts(db: Database, options: EvaluateOptions): Promise<EvaluateResult> {
  const userScope: SQL = options.userId === undefined ? sql`true` : sql`a.user_id = ${options.userId}`;
  const batchSize = options.batchSize ?? 500;

  // Crossed back: the next crossing notifies again.
  const reset = await queryRows<{ id: number }>(
    db,
    sql`update price_alerts a set triggered_at = null
        from products p
        where p.id = a.product_id and a.triggered_at is not null and ${userScope} and not ${conditionHolds}
        returning a.id`,
  );

  let triggered = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await queryRows<DueAlert>(
        tx,
        sql`select a.id, a.user_id, a.product_id, a.kind, a.target_price::text as target_price, p.name,
              p.current_price::text as current_price, s.name as store, u.email
            from price_alerts a
            join products p on p.id = a.product_id
            join users u on u.id = a.user_id
            left join offers o on o.id = p.best_offer_id
            left join stores s on s.id = o.store_id
            where a.is_active and a.triggered_at is null and ${userScope} and ${conditionHolds}
            order by a.id
            limit ${batchSize}
            for update of a skip locked`,
      );
      if (due.length === 0) return 0;
      const ids = due.map((alert) => alert.id);
      await tx.execute(
        sql`update price_alerts set triggered_at = now()
            where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and triggered_at is null`,
      );
      const messages = due.map((alert) => ({ alert, ...alertMessage(alert) }));
      const notes = await queryRows<{ id: number; alert_id: number }>(
        tx,
        sql`insert into notifications (user_id, alert_id, product_id, title, body)
            values ${sql.join(
              messages.map((m) => sql`(${m.alert.user_id}, ${m.alert.id}, ${m.alert.product_id}, ${m.title}, ${m.body})`),
              sql`, `,
            )}
            returning id, alert_id`,
      );
      if (options.email && notes.length > 0) {
        const byAlert = new Map(messages.map((m) => [m.alert.id, m]));
        await tx.execute(
          sql`insert into email_outbox (notification_id, to_address, subject, body)
              values ${sql.join(
                notes.flatMap((note) => {
                  const m = byAlert.get(note.alert_id);
                  if (!m) return [];
                  return [sql`(${note.id}, ${m.alert.email}, ${m.title}, ${alertEmailText(m.body, m.alert.product_id, options.publicUrl)})`];
                }),
                sql`, `,
              )}
              on conflict (notification_id) do nothing`,
        );
      }
      return due.length;
    });
    triggered += count;
    if (count < batchSize) break;
  }
  return { triggered, reset: reset.length };
}
