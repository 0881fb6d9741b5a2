import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert } from '@/shared/contracts/account';
import type { MarkAllRead, Notification, NotificationList } from '@/shared/contracts/notifications';
import { importAndNotify } from '@/server/jobs/feed-sync';
import { importFeed } from '@/server/modules/feeds/import-feed';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';
import { createStoreRepository, type StoreRow } from '@/server/modules/feeds/store-repository';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { evaluateAlerts } from './alert-evaluation';
import { claimOutbox, deliverOutbox, type Mailer, smtpMailer } from './email-outbox';
import { createNotifier, type Notifier } from './notifier';

type ReceivedMail = { to: string[]; subject: string; text: string; messageId: string };

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Just enough MIME for these tests: headers, encoded-word subjects, a quoted-printable or base64 text body. */
function parseMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const subject = header('Subject').replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
  );
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQp(body) : body;
  return { subject, text: text.replace(/\r\n/g, '\n'), messageId: header('Message-ID') };
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const clean = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < clean.length; i++) {
    if (clean[i] === '=' && /^[0-9A-F]{2}$/i.test(clean.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(clean.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(clean[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

const PUBLIC_URL = 'http://bachat.test';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let shop: StoreRow;
let notifier: Notifier;

/** A one-item feed from the shop; the same item at a new price or stock each time. */
function feed(id: string, title: string, price: number, availability = 'in stock') {
  const text =
    'id\ttitle\tlink\timage_link\tavailability\tprice\tbrand\tgtin\tproduct_type\n' +
    `${id}\t${title}\thttps://alert-shop.example.in/${id}\thttps://img.alert-shop.example.in/${id}.jpg\t${availability}\t${price.toFixed(2)} INR\tNoise\t\tElectronics > Earbuds\n`;
  return { input: [text], name: `${id}.tsv` };
}

const importAt = (id: string, title: string, price: number, availability?: string) =>
  importAndNotify(t.database.db, notifier, { store: shop, source: feed(id, title, price, availability), partial: true });

async function notificationsOf(headers: Record<string, string>): Promise<NotificationList> {
  const response = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

async function productId(name: string): Promise<number> {
  const row = await queryOne<{ id: number }>(t.database.db, sql`select id from products where name = ${name}`);
  if (!row) throw new Error(`no product ${name}`);
  return row.id;
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

/** E-mails of alerts triggered by an API call go out in the background: wait for them. */
async function waitForMails(email: string, count: number): Promise<ReceivedMail[]> {
  const until = Date.now() + 10_000;
  while (mailsTo(email).length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  return mailsTo(email);
}

beforeAll(async () => {
  smtp = await startSmtp();
  const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Bachat <alerts@bachat.test>', PUBLIC_URL };
  t = await buildTestApp({ env });
  notifier = createNotifier(t.database.db, env);
  shop = await createStoreRepository(t.database.db).add({ slug: 'alert-shop', name: 'Alert Shop', homepage: 'https://alert-shop.example.in' });
});

afterAll(async () => {
  notifier?.close();
  await t?.close();
  await smtp?.close();
});

describe('price alert notifications', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });

  it('notifies once per crossing, in the app and by one e-mail, however often the import runs', async () => {
    await importAt('NB-1', 'Noise Buds VS104', 2000);
    const product = await productId('Noise Buds VS104');
    const { user, headers } = await signUpAndLogIn(t.app, 'crossing');
    const created = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: product, targetPrice: 1800 } });
    expect(created.statusCode).toBe(201);
    expect(await notificationsOf(headers)).toEqual({ items: [], unreadCount: 0 });

    await importAt('NB-1', 'Noise Buds VS104', 1799);
    const after = await notificationsOf(headers);
    expect(after.unreadCount).toBe(1);
    expect(after.items).toEqual([
      expect.objectContaining({
        title: 'Price alert: Noise Buds VS104 is now ₹1,799',
        body: 'Noise Buds VS104 is now ₹1,799 at Alert Shop, at or below your target of ₹1,800.',
        productId: product,
        alertId: created.json<PriceAlert>().id,
        readAt: null,
      }),
    ]);
    const [alert] = (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers })).json<PriceAlert[]>();
    expect(alert?.triggeredAt).toEqual(expect.any(String));

    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Price alert: Noise Buds VS104 is now ₹1,799');
    expect(mails[0]?.text).toContain(`See the deal: ${PUBLIC_URL}/product/${product}`);
    expect(mails[0]?.messageId).toMatch(/^<alert-\d+@bachat\.test>$/);

    // The same feed again, a lower price still under the target, another evaluation: no new crossing.
    await importAt('NB-1', 'Noise Buds VS104', 1799);
    await importAt('NB-1', 'Noise Buds VS104', 1750);
    await notifier.evaluate();
    expect((await notificationsOf(headers)).items).toHaveLength(1);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('re-arms when the price goes back above the target, and notifies on the next crossing', async () => {
    const product = await productId('Noise Buds VS104');
    const { user, headers } = await signUpAndLogIn(t.app, 'recross');
    await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: product, targetPrice: 1760 } });
    expect((await notificationsOf(headers)).items).toHaveLength(1); // 1750 is already below: it fired at once

    await importAt('NB-1', 'Noise Buds VS104', 1900);
    const [rearmed] = (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers })).json<PriceAlert[]>();
    expect(rearmed?.triggeredAt).toBeNull();

    await importAt('NB-1', 'Noise Buds VS104', 1700);
    const list = await notificationsOf(headers);
    expect(list.items.map((n) => n.title)).toEqual([
      'Price alert: Noise Buds VS104 is now ₹1,700',
      'Price alert: Noise Buds VS104 is now ₹1,750',
    ]);
    expect((await waitForMails(user.email, 2)).map((mail) => mail.subject).sort()).toEqual([
      'Price alert: Noise Buds VS104 is now ₹1,700',
      'Price alert: Noise Buds VS104 is now ₹1,750',
    ]);
  });

  it('sends exactly once when the sender dies between claiming an e-mail and sending it', async () => {
    const db = t.database.db;
    const product = await productId('Noise Buds VS104');
    const { user, headers } = await signUpAndLogIn(t.app, 'crash');
    await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: product, targetPrice: 1500 } });

    // The import commits, the evaluation writes the notification and its outbox row…
    await importFeed(db, { store: shop, source: feed('NB-1', 'Noise Buds VS104', 1499), partial: true });
    expect(await evaluateAlerts(db, { email: true, publicUrl: PUBLIC_URL })).toMatchObject({ triggered: 1 });
    // …a worker claims the e-mail and dies before sending it.
    const claimed = await claimOutbox(db);
    expect(claimed).toHaveLength(1);

    const mailer = smtpMailer(smtp.url);
    const from = 'Bachat <alerts@bachat.test>';
    try {
      // Another run while the dead worker's lease holds: nothing is sent, nothing is claimed twice.
      expect(await deliverOutbox(db, { mailer, from })).toEqual({ sent: 0, rescheduled: 0, failed: 0 });
      expect(mailsTo(user.email)).toHaveLength(0);
      // The lease runs out: the e-mail goes out, once.
      expect(await deliverOutbox(db, { mailer, from, leaseMs: 0 })).toMatchObject({ sent: 1 });
      expect(await deliverOutbox(db, { mailer, from, leaseMs: 0 })).toMatchObject({ sent: 0 });
      // And the import running again changes nothing.
      await importAt('NB-1', 'Noise Buds VS104', 1499);
    } finally {
      mailer.close?.();
    }
    expect(mailsTo(user.email)).toHaveLength(1);
    expect((await notificationsOf(headers)).items).toHaveLength(1);
    const outbox = await queryRows<{ status: string; attempts: number }>(
      db,
      sql`select o.status, o.attempts from email_outbox o join notifications n on n.id = o.notification_id
          join users u on u.id = n.user_id where u.email = ${user.email}`,
    );
    expect(outbox).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it('retries a failing SMTP send with backoff and reschedules it, without sending twice', async () => {
    const db = t.database.db;
    const product = await productId('Noise Buds VS104');
    const { user } = await signUpAndLogIn(t.app, 'retry');
    const owner = await queryOne<{ id: number }>(db, sql`select id from users where email = ${user.email}`);
    // Alerts written straight to the table and evaluated here, so the app's own mailer stays out of it.
    const addDueAlert = async (target: number) => {
      await db.execute(sql`insert into price_alerts (user_id, product_id, target_price) values (${owner?.id}, ${product}, ${target})`);
      expect(await evaluateAlerts(db, { email: true, publicUrl: PUBLIC_URL })).toMatchObject({ triggered: 1 });
    };

    await addDueAlert(5000);
    const sent: string[] = [];
    let failures = 2;
    const flaky: Mailer = {
      send: async (mail) => {
        if (failures-- > 0) throw new Error('421 try again later');
        sent.push(mail.messageId);
      },
    };
    expect(await deliverOutbox(db, { mailer: flaky, from: 'x@bachat.test', retries: 2, retryBaseMs: 1 })).toMatchObject({ sent: 1 });
    expect(sent).toHaveLength(1);

    // A mailer that keeps failing: the row goes back to 'pending' with a later next attempt.
    await addDueAlert(6000);
    const down: Mailer = {
      send: async () => {
        throw new Error('connection refused');
      },
    };
    expect(await deliverOutbox(db, { mailer: down, from: 'x@bachat.test', retries: 1, retryBaseMs: 1 })).toMatchObject({ sent: 0, rescheduled: 1 });
    const row = await queryOne<{ status: string; later: boolean; last_error: string; attempts: number }>(
      db,
      sql`select status, next_attempt_at > now() as later, last_error, attempts from email_outbox where status = 'pending'`,
    );
    expect(row).toEqual({ status: 'pending', later: true, last_error: 'connection refused', attempts: 1 });
    // Not due yet: nothing to send, and the first e-mail is never sent again.
    expect(await deliverOutbox(db, { mailer: flaky, from: 'x@bachat.test' })).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(1);
  });

  it('lists newest first with the unread count, marks one and all read, and hides other users’ notifications', async () => {
    const product = await productId('Noise Buds VS104');
    const owner = await signUpAndLogIn(t.app, 'owner');
    const other = await signUpAndLogIn(t.app, 'other');
    // Two alerts already under the current price's targets fire at once.
    for (const targetPrice of [1500, 1600]) {
      await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers: owner.headers, payload: { productId: product, targetPrice } });
    }
    const list = await notificationsOf(owner.headers);
    expect(list.unreadCount).toBe(2);
    const [newest, oldest] = list.items;
    expect(newest && oldest && newest.id > oldest.id).toBe(true);

    const foreign = await t.app.inject({ method: 'POST', url: `/api/notifications/${newest?.id}/read`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect((await notificationsOf(other.headers)).items).toEqual([]);

    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${newest?.id}/read`, headers: owner.headers });
    expect(read.statusCode).toBe(200);
    const readAt = read.json<Notification>().readAt;
    expect(readAt).toEqual(expect.any(String));
    const again = await t.app.inject({ method: 'POST', url: `/api/notifications/${newest?.id}/read`, headers: owner.headers });
    expect(again.json<Notification>().readAt).toBe(readAt);
    expect((await notificationsOf(owner.headers)).unreadCount).toBe(1);

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: owner.headers });
    expect(all.json<MarkAllRead>()).toEqual({ updated: 1, unreadCount: 0 });
    expect((await notificationsOf(owner.headers)).items.every((n) => n.readAt !== null)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/99999999/read', headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/abc/read', headers: owner.headers })).statusCode).toBe(400);
  });

  it('accepts back-in-stock alerts and fires them when a store has the product again', async () => {
    await importAt('NB-2', 'Noise Air Buds Pro', 2499, 'out of stock');
    const product = await productId('Noise Air Buds Pro');
    const { user, headers } = await signUpAndLogIn(t.app, 'restock');
    const created = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: product, kind: 'back-in-stock' } });
    expect(created.statusCode).toBe(201);
    expect(created.json<PriceAlert>()).toMatchObject({ kind: 'back-in-stock', productId: product, triggeredAt: null });
    expect((await notificationsOf(headers)).items).toEqual([]);

    await importAt('NB-2', 'Noise Air Buds Pro', 2499, 'out of stock');
    expect((await notificationsOf(headers)).items).toEqual([]);

    await importAt('NB-2', 'Noise Air Buds Pro', 2499, 'in stock');
    const list = await notificationsOf(headers);
    expect(list.items.map((n) => [n.title, n.body])).toEqual([
      ['Back in stock: Noise Air Buds Pro', 'Noise Air Buds Pro is back in stock at Alert Shop for ₹2,499.'],
    ]);
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual(['Back in stock: Noise Air Buds Pro']);

    // Sold out and back again: a new crossing.
    await importAt('NB-2', 'Noise Air Buds Pro', 2499, 'out of stock');
    await importAt('NB-2', 'Noise Air Buds Pro', 2399, 'in stock');
    expect((await notificationsOf(headers)).items).toHaveLength(2);
  });
});
