/**
 * `npm run worker` as a process of its own (issue 13, point 1): web instances that only enqueue (JOBS_WORKER=off)
 * and a worker that runs the jobs, on one PostgreSQL. The worker answers the orchestrator's checks on
 * WORKER_HEALTH_PORT, runs a job that a web instance's queue holds, and stops with exit 0 on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@/server/jobs/queue';
import { freePort, type ServerProcess, scratchDatabase, startServer, waitUntil } from '@/server/test/server-process';

let pg: Awaited<ReturnType<typeof scratchDatabase>>;
let web: ServerProcess;

function startWorker(env: Record<string, string>) {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bachat-worker-')),
      JWT_SECRET: 'worker-process-secret-worker-process-0123',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

beforeAll(async () => {
  pg = await scratchDatabase();
  // The web instance migrates the database and only enqueues.
  web = await startServer({ DATABASE_URL: pg.url, JOBS_WORKER: 'off', FEEDS_SCHEDULE: 'off' });
}, 120_000);

afterAll(async () => {
  await web?.stop();
  await pg?.drop();
});

describe('npm run worker', () => {
  it('refuses to start without PostgreSQL, saying why', async () => {
    const worker = startWorker({});
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL (PostgreSQL)');
  });

  it('answers health checks on WORKER_HEALTH_PORT, runs the queued jobs, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const worker = startWorker({ DATABASE_URL: pg.url, WORKER_HEALTH_PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitUntil(async () => (await fetch(`${base}/ready`).catch(() => null))?.status === 200, 60_000, `worker ready\n${worker.output()}`);
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok', role: 'worker' });
      expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'ready', database: 'ok', shuttingDown: false });

      // A job as a web instance enqueues it; the web instance itself does not work (JOBS_WORKER=off).
      const boss = new PgBoss({ connectionString: pg.url, supervise: false, schedule: false });
      await boss.start();
      const jobId = await boss.send(QUEUES.alertsEvaluate, {});
      await boss.stop({ graceful: false });
      expect(jobId).toBeTruthy();
      const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
      try {
        await waitUntil(
          async () => (await sql`select state from pgboss.job where id = ${jobId!}`)[0]?.state === 'completed',
          30_000,
          `the worker completes the job\n${worker.output()}`,
        );
      } finally {
        await sql.end({ timeout: 5 });
      }
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('worker shutting down');
  }, 120_000);
});
