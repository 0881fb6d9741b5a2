import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStore, AuditPage, ImportJob, ImportNowResponse, ImportRunDetail } from '@/shared/contracts/admin';
import { loadConfig } from '@/server/config';
import { startQueue } from '@/server/jobs/runtime';
import { buildTestApp, signUpAndLogIn, type TestApp, testEnv } from '@/server/test/build-test-app';
import { signUpOperator } from '@/server/test/operator';
import { storeHealth } from './stores';

const fixtures = path.resolve(import.meta.dirname, '../feeds/fixtures');

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = (await signUpOperator(t.app, t.database.db)).headers;
});
afterAll(async () => t?.close());

async function waitForImport(storeId: number): Promise<AdminStore> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const store = (await t.app.inject({ method: 'GET', url: `/api/admin/stores/${storeId}`, headers })).json<AdminStore>();
    if (store.running === null && store.lastRun !== null) return store;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

describe('stores in the console', () => {
  it('adds a store (slug from the name), lists it as never imported, and refuses bad input with the field named', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stores',
      headers,
      payload: { name: 'Croma Retail', homepage: 'https://www.croma.example', affiliateTagTemplate: 'tag=bachat-21' },
    });
    expect(add.statusCode).toBe(201);
    const store = add.json<AdminStore>();
    expect(store).toMatchObject({ slug: 'croma-retail', name: 'Croma Retail', feedUrl: null, paused: false, lastRun: null, health: 'stale', affiliateTagTemplate: 'tag=bachat-21' });

    const again = await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'Croma Retail', homepage: 'https://croma2.example' } });
    expect(again.json<AdminStore>().slug).toBe('croma-retail-2');
    const taken = await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'X', slug: 'croma-retail', homepage: 'https://x.example' } });
    expect(taken.statusCode).toBe(409);

    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: '', homepage: 'ftp://x', feedIntervalMinutes: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/body\.name: Name is required/);
    expect(bad.json<{ detail: string }>().detail).toMatch(/body\.homepage: must be an http\(s\) URL/);
    const badTag = await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'Y', homepage: 'https://y.example', affiliateTagTemplate: 'https://track.example/c' } });
    expect(badTag.statusCode).toBe(400);
    const noFeed = await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'Z', homepage: 'https://z.example', feedIntervalMinutes: 60 } });
    expect(noFeed.json()).toEqual({ detail: 'A schedule needs a feed URL' });

    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/stores', headers })).json<AdminStore[]>();
    expect(list.map((row) => row.slug)).toEqual(expect.arrayContaining(['croma-retail', 'croma-retail-2']));
  });

  it('edits, pauses and resumes a store; each change is in the audit log', async () => {
    const store = (
      await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'Reliance Digital', homepage: 'https://rd.example' } })
    ).json<AdminStore>();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/stores/${store.id}`,
      headers,
      payload: { feedUrl: 'https://rd.example/feed.xml', feedIntervalMinutes: 60 },
    });
    expect(edit.statusCode).toBe(200);
    const edited = edit.json<AdminStore>();
    expect(edited).toMatchObject({ feedUrl: 'https://rd.example/feed.xml', feedIntervalMinutes: 60, health: 'stale' });
    expect(edited.nextRunAt).not.toBeNull();

    const pause = await t.app.inject({ method: 'POST', url: `/api/admin/stores/${store.id}/pause`, headers });
    expect(pause.json<AdminStore>()).toMatchObject({ paused: true, health: 'paused', nextRunAt: null });
    const resume = await t.app.inject({ method: 'POST', url: `/api/admin/stores/${store.id}/resume`, headers });
    expect(resume.json<AdminStore>()).toMatchObject({ paused: false });

    const unknownField = await t.app.inject({ method: 'PATCH', url: `/api/admin/stores/${store.id}`, headers, payload: { slug: 'new' } });
    expect(unknownField.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/admin/stores/999999', headers, payload: { name: 'x' } })).statusCode).toBe(404);

    const audit = (await t.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=store&entityId=${store.id}`, headers })).json<AuditPage>();
    expect(audit.items.map((entry) => entry.action)).toEqual(['store.resume', 'store.pause', 'store.update', 'store.create']);
    expect(audit.items[2]?.details).toMatchObject({ feedIntervalMinutes: { from: null, to: 60 } });
  });

  it('imports an uploaded feed file in the background and shows the run on the store', async () => {
    const store = (
      await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'Upload Shop', homepage: 'https://upload.example' } })
    ).json<AdminStore>();
    const noFeed = await t.app.inject({ method: 'POST', url: `/api/admin/stores/${store.id}/import`, headers });
    expect(noFeed.statusCode).toBe(400);

    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${store.id}/import-file?name=products.tsv`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: readFileSync(path.join(fixtures, 'products.tsv')),
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const started = upload.json<ImportNowResponse>();
    expect(started.runId).toEqual(expect.any(Number));

    const done = await waitForImport(store.id);
    expect(done.lastRun).toMatchObject({ id: started.runId, status: 'succeeded', trigger: 'console' });
    expect(done.lastRun?.itemsRead).toBeGreaterThan(5);
    expect(done.lastRun?.created).toBeGreaterThan(0);
    expect(done.lastRun?.rejected).toBeGreaterThan(0);
    expect(done.offerCount).toBeGreaterThan(0);
    expect(done.health).toBe('ok');

    const runs = (await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store.id}/runs`, headers })).json<ImportRunDetail[]>();
    expect(runs[0]).toMatchObject({ id: started.runId, status: 'succeeded', rejected: done.lastRun?.rejected });
    expect(runs[0]?.rejectedRows.length).toBeGreaterThan(0);
    expect(runs[0]?.rejectedRows.some((row) => /USD|currency/i.test(row.reason))).toBe(true);

    const json = await t.app.inject({ method: 'POST', url: `/api/admin/stores/${store.id}/import-file?name=x.tsv`, headers, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    const badName = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${store.id}/import-file?name=../../etc/passwd`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('x'),
    });
    expect(badName.statusCode).toBe(400);
  });

  it('imports the store’s feed URL now on the job queue, live, and a second time as not modified (HTTP 304)', async () => {
    const feed = readFileSync(path.join(fixtures, 'products.tsv'));
    const requests: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      requests.push(request.headers['if-none-match']);
      if (request.headers['if-none-match'] === '"products-1"') {
        response.writeHead(304, { etag: '"products-1"' }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/tab-separated-values', etag: '"products-1"' });
      response.end(feed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // The queue and its workers, as the server runs them in its own process (embedded database included).
    const runtime = await startQueue({
      database: t.database,
      config: loadConfig({ ...testEnv(), FEEDS_SCHEDULE: 'off', JOBS_MAINTENANCE_SECONDS: '1' }),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      work: true,
    });
    t.app.jobs = runtime.queue;
    try {
      const { port } = server.address() as AddressInfo;
      const feedUrl = `http://127.0.0.1:${port}/feed.tsv`;
      const store = (
        await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'URL Shop', homepage: 'https://url.example', feedUrl } })
      ).json<AdminStore>();

      const importNow = async () => {
        const response = await t.app.inject({ method: 'POST', url: `/api/admin/stores/${store.id}/import`, headers });
        expect(response.statusCode, response.body).toBe(202);
        const started = response.json<ImportNowResponse>();
        expect(started).toMatchObject({ storeId: store.id, runId: null, jobId: expect.any(String) });
        // Polled as the console polls it: every state it passes through, until it is done.
        const states: ImportJob['state'][] = [];
        for (let attempt = 0; attempt < 600; attempt += 1) {
          const job = (await t.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${started.jobId}`, headers })).json<ImportJob>();
          if (states.at(-1) !== job.state) states.push(job.state);
          if (job.state !== 'queued' && job.state !== 'running') return { job, states };
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the import job did not finish');
      };

      const first = await importNow();
      expect(['queued', 'running']).toContain(first.states[0]);
      expect(first.states.at(-1)).toBe('succeeded');
      expect(first.job.run).toMatchObject({ status: 'succeeded', trigger: 'console', source: feedUrl });
      expect(first.job.run?.created).toBeGreaterThan(0);
      const afterFirst = (await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store.id}`, headers })).json<AdminStore>();
      expect(afterFirst.lastRun).toMatchObject({ id: first.job.run?.id, status: 'succeeded' });

      // Again: the feed has not changed, so one conditional request answers 304 and nothing is imported.
      const second = await importNow();
      expect(second.job).toMatchObject({ state: 'not_modified', run: { status: 'not_modified', itemsRead: 0, created: 0, updated: 0 } });
      expect(requests).toEqual([undefined, '"products-1"']);
      const afterSecond = (await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store.id}`, headers })).json<AdminStore>();
      expect(afterSecond).toMatchObject({ health: 'ok', offerCount: afterFirst.offerCount, lastRun: { id: second.job.run?.id, status: 'not_modified' } });
      const runs = (await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store.id}/runs`, headers })).json<ImportRunDetail[]>();
      expect(runs.map((run) => run.status)).toEqual(['not_modified', 'succeeded']);

      expect((await t.app.inject({ method: 'GET', url: '/api/admin/import-jobs/5f0b7c1e-0000-4000-8000-000000000000', headers })).statusCode).toBe(404);
    } finally {
      t.app.jobs = null;
      await runtime.stop(5000);
      server.close();
    }
    // Two imports through a worker thread, on a shared machine.
  }, 120_000);

  it('a broken file makes a failing store', async () => {
    const store = (
      await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers, payload: { name: 'Broken Shop', homepage: 'https://broken.example' } })
    ).json<AdminStore>();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${store.id}/import-file?name=truncated.xml`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: readFileSync(path.join(fixtures, 'truncated.xml')),
    });
    expect(upload.statusCode).toBe(202);
    const done = await waitForImport(store.id);
    expect(done.lastRun?.status).toBe('failed');
    expect(done.health).toBe('failing');
    expect(done.healthReason).toBeTruthy();
  });

  it('refuses a shopper', async () => {
    const shopper = await signUpAndLogIn(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stores', headers: shopper.headers })).statusCode).toBe(403);
  });
});

describe('storeHealth', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  const run = (status: 'succeeded' | 'failed') => ({
    id: 1, status, trigger: 'schedule', source: 'x', startedAt: now.toISOString(), finishedAt: null, itemsRead: 0, created: 0,
    updated: 0, unchanged: 0, rejected: 0, priceChanges: 0, markedOutOfStock: 0, durationMs: 0, message: status === 'failed' ? 'boom' : null,
  });
  it('is stale when a scheduled store has not succeeded for two intervals', () => {
    const old = new Date(now.getTime() - 3 * 60 * 60_000);
    expect(storeHealth({ paused: false, feedUrl: 'u', intervalMinutes: 60, lastRun: run('succeeded'), lastSuccessAt: old }, now).health).toBe('stale');
    const recent = new Date(now.getTime() - 30 * 60_000);
    expect(storeHealth({ paused: false, feedUrl: 'u', intervalMinutes: 60, lastRun: run('succeeded'), lastSuccessAt: recent }, now).health).toBe('ok');
  });
  it('is failing after a failed run and paused when paused', () => {
    expect(storeHealth({ paused: false, feedUrl: 'u', intervalMinutes: 60, lastRun: run('failed'), lastSuccessAt: now }, now)).toEqual({ health: 'failing', reason: 'boom' });
    expect(storeHealth({ paused: true, feedUrl: 'u', intervalMinutes: 60, lastRun: run('failed'), lastSuccessAt: now }, now).health).toBe('paused');
  });
});
