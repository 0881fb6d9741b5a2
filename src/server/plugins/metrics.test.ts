import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueue } from '@/server/jobs/runtime';
import { loadConfig } from '@/server/config';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { createMetrics } from './metrics';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let stopQueue: (() => Promise<void>) | null = null;
beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, metrics: createMetrics() });
  // The queue on the same database (enqueue only), so the depth gauge has something to count.
  const runtime = await startQueue({ database: t.database, config: loadConfig({ JOBS_MAINTENANCE_SECONDS: '60' }), log: { info() {}, warn() {}, error() {} }, work: false });
  t.app.jobs = runtime.queue;
  stopQueue = () => runtime.stop(1000);
}, 180_000);
afterAll(async () => {
  await stopQueue?.();
  await t?.close();
});

describe('/metrics', () => {
  it('needs the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Metrics need the METRICS_TOKEN bearer token' });
  });

  it('reports request latency per route, queue depth and the job counters in Prometheus format', async () => {
    await t.app.inject({ method: 'GET', url: '/api/products/all?pageSize=1' });
    await t.app.jobs?.sendStoreImport({ storeId: 424242, trigger: 'operator' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/bachat_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/all",status_code="200"\} 1/);
    expect(response.body).toMatch(/bachat_job_queue_depth\{queue="feed-import"\} 1/);
    expect(response.body).toContain('bachat_alert_emails_sent_total 0');
    expect(response.body).toContain('bachat_feed_import_failures_total');
  });
});

describe('page renders and the catalogue cache', () => {
  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const value = (body: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(body)?.[1] ?? Number.NaN);

  it('counts a page rendered once per screen and status, not the times it is served again, and the cache hits', async () => {
    const homeRenders = 'bachat_page_render_duration_seconds_count{screen="home",status_code="200"}';
    const notFound = 'bachat_page_render_duration_seconds_count{screen="not-found",status_code="404"}';
    const before = await scrape();
    const servedAgainBefore = value(before, 'bachat_response_cache_hits_total');
    const missesBefore = value(before, 'bachat_catalogue_cache_misses_total');

    expect((await t.app.inject({ method: 'GET', url: '/?metrics-test=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/?metrics-test=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page-for-metrics' })).statusCode).toBe(404);
    const after = await scrape();
    expect(value(after, homeRenders)).toBe((value(before, homeRenders) || 0) + 1);
    expect(value(after, notFound)).toBe((value(before, notFound) || 0) + 1);
    expect(after).toMatch(/bachat_page_render_duration_seconds_bucket\{le="0\.25",screen="home",status_code="200"\} \d+/);
    // The page and its API answers were loaded once (misses); the second request got the kept response's bytes.
    expect(value(after, 'bachat_catalogue_cache_misses_total')).toBeGreaterThanOrEqual(missesBefore + 2);
    expect(value(after, 'bachat_response_cache_hits_total')).toBe(servedAgainBefore + 1);
    expect(after).toMatch(/^bachat_catalogue_cache_hits_total \d+$/m);
    expect(after).toMatch(/^bachat_catalogue_cache_invalidations_total \d+$/m);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is not served', async () => {
    const plain = await buildTestApp({ metrics: createMetrics() });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  }, 90_000);
});
