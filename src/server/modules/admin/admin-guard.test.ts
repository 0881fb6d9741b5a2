/**
 * Every operator route (every path under /api/admin in the OpenAPI document, whoever added it) refuses a
 * signed-out caller with 401 and a shopper with 403, and lets an operator through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { signUpOperator } from '@/server/test/operator';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string };

function adminRoutes(): Route[] {
  const spec = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(spec.paths ?? {})) {
    if (!path.startsWith('/api/admin')) continue;
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      routes.push({ method: upper as Route['method'], url: path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return routes;
}

describe('operator routes', () => {
  it('are documented in the OpenAPI document with bearer security', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/audit' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/operators' });
  });

  it('answer 401 signed out, 403 to a shopper, and let an operator through', async () => {
    const shopper = await signUpAndLogIn(t.app);
    const operator = await signUpOperator(t.app, t.database.db);
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.url}`;
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const anonymous = await t.app.inject({ ...route, payload });
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json(), label).toEqual({ detail: 'Not authenticated' });
      const forged = await t.app.inject({ ...route, payload, headers: { authorization: 'Bearer not-a-token' } });
      expect(forged.statusCode, label).toBe(401);
      const refused = await t.app.inject({ ...route, payload, headers: shopper.headers });
      expect(refused.statusCode, label).toBe(403);
      expect(refused.json(), label).toEqual({ detail: 'Operators only: this needs the operator role' });
      const allowed = await t.app.inject({ ...route, payload, headers: operator.headers });
      // Placeholder ids and empty bodies may be a 400/404 for the operator, but never a refusal or a crash.
      expect([401, 403], label).not.toContain(allowed.statusCode);
      expect(allowed.statusCode, `${label}: ${allowed.body}`).toBeLessThan(500);
    }
  });

  it('take effect at once when an operator is demoted (the role is not in the token)', async () => {
    const operator = await signUpOperator(t.app, t.database.db);
    const other = await signUpOperator(t.app, t.database.db, 'other');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: operator.headers })).statusCode).toBe(200);
    const operators = await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: other.headers });
    const id = operators.json<{ id: number; email: string }[]>().find((row) => row.email === operator.user.email)?.id;
    expect(id).toBeDefined();
    const demote = await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${id}`, headers: other.headers });
    expect(demote.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: operator.headers })).statusCode).toBe(403);
  });
});
