import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '@/server/db/client';
import { loadJwtSecret } from '@/server/plugins/auth';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';

let t: TestApp;
const web = mkdtempSync(path.join(tmpdir(), 'bachat-web-'));
beforeAll(async () => {
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(path.join(web, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(web, 'assets', 'app-123.js.map'), '{"version":3}');
  t = await buildTestApp({ env: { WEB_DIST: web, AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('platform', () => {
  it('reports liveness and readiness', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current', redis: 'not configured' });
  });

  it('publishes an OpenAPI document generated from the route schemas, and browsable docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toMatch(/^3\./);
    for (const p of ['/api/products/all', '/api/products/{id}', '/api/wishlist', '/api/price-alerts/{id}', '/api/comparisons', '/api/auth/login', '/api/auth/signup', '/api/auth/profile']) {
      expect(spec.paths, p).toHaveProperty([p]);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers unknown API paths with a JSON 404 and serves the web app for page routes', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found: GET /api/nothing-here' });
    for (const page of ['/', '/products/electronics/mobiles', '/comparison?products=1,2', '/price-tracking', '/wishlist']) {
      const response = await t.app.inject({ method: 'GET', url: page });
      expect(response.statusCode, page).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    // Built assets go out precompressed; source maps are not served unless SOURCE_MAPS=on.
    const compressed = await t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload).toEqual(brotliCompressSync('console.log(1)'));
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-123.js.map' })).statusCode).toBe(404);
  });

  it('rate-limits sign-in attempts with a JSON 429', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.in', password: 'whatever1' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ detail: string }>().detail).toMatch(/^Too many requests/);
  });

  it('sets the headers of a JSON answer on every API response, errors included, and the page set on pages', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/999999' });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/products/abc' });
    expect(missing.statusCode).toBe(404);
    expect(invalid.statusCode).toBe(400);
    for (const response of [ok, missing, invalid]) {
      // Never a document: nothing may load from it, and nothing may frame it (OWASP REST Security Cheat Sheet).
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }

    // The API documentation is a page (Swagger UI): helmet's whole set, with our policy.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = docs.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(docs.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('secrets and the embedded database', () => {
  it('generates the JWT secret once and keeps it in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bachat-secret-'));
    const first = loadJwtSecret({ dataDir: dir });
    const second = loadJwtSecret({ dataDir: dir });
    expect(Buffer.from(first).toString()).toBe(Buffer.from(second).toString());
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(48);
    expect(Buffer.from(loadJwtSecret({ dataDir: dir, jwtSecret: 'x'.repeat(40) })).toString()).toBe('x'.repeat(40));
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets only one process open a data directory, with a clear message, and keeps data across reopen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bachat-lock-'));
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/in use by another Bachat process/);
    await first.db.execute("insert into stores (slug, name, homepage) values ('kept', 'Kept', 'https://kept.example')");
    await first.close();
    const reopened = await openDatabase({ kind: 'pglite', dataDir: dir });
    const rows = await reopened.db.execute('select slug from stores');
    expect(JSON.stringify(rows)).toContain('kept');
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
