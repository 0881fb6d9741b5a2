import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-main-'));
const port = 3900 + (process.pid % 90);
let server: ChildProcess | null = null;

async function start(): Promise<string> {
  let output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: 'info', WEB_DIST: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Up to 2 minutes: a first start migrates and seeds, which on a loaded 2-core machine is slow, not broken.
  for (let i = 0; i < 480; i++) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return output;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function stop() {
  const child = server;
  if (!child) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  server = null;
}

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}/api${p}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });

describe('the server process', () => {
  it('seeds on the first start, keeps everything on the second, and refuses a second process on the same data', async () => {
    const firstLog = await start();
    expect(firstLog).toContain('seeded the demo catalogue');
    const total = (await (await api('/products/all?pageSize=1')).json()) as { total: number };
    expect(total.total).toBeGreaterThanOrEqual(280);
    const user = { username: 'meera', firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.in', password: 'secret123' };
    expect((await api('/auth/signup', { method: 'POST', body: JSON.stringify(user) })).status).toBe(201);
    const { access_token } = (await (await api('/auth/login', { method: 'POST', body: JSON.stringify({ email: user.email, password: user.password }) })).json()) as { access_token: string };
    expect((await api('/wishlist', { method: 'POST', body: JSON.stringify({ productId: 1 }), headers: { authorization: `Bearer ${access_token}` } })).status).toBe(201);

    // A second process on the same DATA_DIR must refuse with a clear message, not corrupt the database.
    const intruder = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port + 1), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let intruderOutput = '';
    intruder.stderr?.on('data', (chunk: Buffer) => (intruderOutput += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => intruder.once('exit', resolve));
    expect(code).toBe(1);
    expect(intruderOutput).toContain('is in use by another Bachat process');

    await stop();
    const secondLog = await start();
    expect(secondLog).not.toContain('seeded the demo catalogue');
    expect(((await (await api('/products/all?pageSize=1')).json()) as { total: number }).total).toBe(total.total);
    // The generated JWT secret was kept: the old token still works, and so does the account.
    const wishlist = await api('/wishlist', { headers: { authorization: `Bearer ${access_token}` } });
    expect(wishlist.status).toBe(200);
    expect(((await wishlist.json()) as unknown[]).length).toBe(1);
  }, 300_000);
});
