import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Operator } from '@/shared/contracts/admin';
import { users } from '@/server/db/schema';
import { runAdminCommand, UsageError } from '@/server/jobs/admin-cli';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { signUpOperator } from '@/server/test/operator';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: { line: (text = '') => lines.push(text), error: (text: string) => errors.push(text) } };
}

const roleOf = async (email: string) => (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

describe('npm run admin', () => {
  it('create-operator creates an account that can sign in and use the console', async () => {
    const io = capture();
    const stdin = new PassThrough();
    stdin.end('first-operator-pw\n');
    const code = await runAdminCommand(t.database.db, ['create-operator', '--email', 'Ops@Bachat.example', '--password-stdin'], { out: io.out, stdin });
    expect(code).toBe(0);
    expect(io.lines.join('\n')).toContain('Created the operator ops@bachat.example');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ops@bachat.example', password: 'first-operator-pw' } });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json()).toMatchObject({ email: 'ops@bachat.example', role: 'operator' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers })).statusCode).toBe(200);
  });

  it('create-operator without a password prints a generated one that works', async () => {
    const io = capture();
    expect(await runAdminCommand(t.database.db, ['create-operator', '--email', 'gen@bachat.example'], { out: io.out })).toBe(0);
    const password = /Password \(shown once[^:]*\): (\S+)/.exec(io.lines.join('\n'))?.[1];
    expect(password).toBeTruthy();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'gen@bachat.example', password } });
    expect(login.statusCode).toBe(200);
  });

  it('create-operator and promote turn an existing shopper into an operator; demote undoes it', async () => {
    const shopper = await signUpAndLogIn(t.app);
    expect(await roleOf(shopper.user.email)).toBe('shopper');
    const io = capture();
    expect(await runAdminCommand(t.database.db, ['create-operator', '--email', shopper.user.email], { out: io.out })).toBe(0);
    expect(io.lines[0]).toContain('Promoted the existing account');
    expect(await roleOf(shopper.user.email)).toBe('operator');
    expect(await runAdminCommand(t.database.db, ['demote', '--email', shopper.user.email], { out: io.out })).toBe(0);
    expect(await roleOf(shopper.user.email)).toBe('shopper');
    expect(await runAdminCommand(t.database.db, ['promote', '--email', shopper.user.email.toUpperCase()], { out: io.out })).toBe(0);
    expect(await roleOf(shopper.user.email)).toBe('operator');
    expect(await runAdminCommand(t.database.db, ['operators'], { out: io.out })).toBe(0);
    expect(io.lines.join('\n')).toContain(shopper.user.email);
  });

  it('refuses unknown accounts and bad input clearly', async () => {
    const io = capture();
    expect(await runAdminCommand(t.database.db, ['promote', '--email', 'nobody@bachat.example'], { out: io.out })).toBe(1);
    expect(io.errors[0]).toContain('No account with the e-mail nobody@bachat.example');
    await expect(runAdminCommand(t.database.db, ['promote'], { out: io.out })).rejects.toThrow(UsageError);
    await expect(runAdminCommand(t.database.db, ['promote', '--email', 'not-an-email'], { out: io.out })).rejects.toThrow(/not an e-mail/);
    await expect(runAdminCommand(t.database.db, ['frobnicate'], { out: io.out })).rejects.toThrow(/unknown command/);
  });
});

describe('operators promote others', () => {
  it('an operator promotes a shopper by e-mail; the change is in the audit log', async () => {
    const operator = await signUpOperator(t.app, t.database.db);
    const shopper = await signUpAndLogIn(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: shopper.headers })).statusCode).toBe(403);

    const promote = await t.app.inject({ method: 'POST', url: '/api/admin/operators', headers: operator.headers, payload: { email: shopper.user.email } });
    expect(promote.statusCode).toBe(200);
    expect(promote.json<Operator>().email).toBe(shopper.user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: shopper.headers })).statusCode).toBe(200);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=5', headers: operator.headers });
    expect(audit.statusCode).toBe(200);
    expect(audit.json<AuditPage>().items[0]).toMatchObject({
      actor: operator.user.email,
      action: 'user.promote',
      entityType: 'user',
      summary: `Promoted ${shopper.user.email} to operator`,
    });
  });

  it('answers 404 for an unknown e-mail, 400 for an unknown field, and refuses demoting oneself', async () => {
    const operator = await signUpOperator(t.app, t.database.db);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/operators', headers: operator.headers, payload: { email: 'ghost@bachat.example' } });
    expect(unknown.statusCode).toBe(404);
    const extra = await t.app.inject({ method: 'POST', url: '/api/admin/operators', headers: operator.headers, payload: { email: 'a@b.in', role: 'x' } });
    expect(extra.statusCode).toBe(400);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: operator.headers })).json<Operator[]>();
    const self = list.find((row) => row.email === operator.user.email);
    const demoteSelf = await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${self?.id}`, headers: operator.headers });
    expect(demoteSelf.statusCode).toBe(400);
  });

  it('pages the audit log with nextBefore', async () => {
    const operator = await signUpOperator(t.app, t.database.db);
    const first = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=1', headers: operator.headers })).json<AuditPage>();
    expect(first.items).toHaveLength(1);
    expect(first.nextBefore).not.toBeNull();
    const second = (await t.app.inject({ method: 'GET', url: `/api/admin/audit?limit=1&before=${first.nextBefore}`, headers: operator.headers })).json<AuditPage>();
    expect(second.items[0]?.id).toBeLessThan(first.items[0]?.id ?? 0);
  });
});
