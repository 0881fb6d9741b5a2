/**
 * A real server process for multi-instance and fault tests (src/server/main.ts run with tsx, as main.test.ts
 * does), and the PostgreSQL / Redis / SMTP pieces those tests share.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';

export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A database of its own (name prefixed i13_) on the shared PostgreSQL, dropped by `drop`. */
export async function scratchDatabase(adminUrl = POSTGRES_ADMIN_URL) {
  const name = `i13_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts `src/server/main.ts` with `env` and waits until /api/ready answers 200. */
export async function startServer(env: Record<string, string>, options: { readyMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-instance-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      JWT_SECRET: 'multi-instance-secret-multi-instance-0123',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + (options.readyMs ?? 90_000);
  let alive = true;
  void exited.then(() => (alive = false));
  for (;;) {
    if (!alive) throw new Error(`server exited during start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

export type ReceivedMail = { messageId: string; to: string; session: string };

/**
 * A real SMTP server (smtp-server) that counts what it accepts. A message counts once the server has answered
 * 250 to it; `hold` makes it wait before answering, and a message whose client went away meanwhile is never
 * accepted (SMTP: no 250, no responsibility), as a mail server would treat it.
 */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const closed = new Set<string>();
  let hold: ((mail: ReceivedMail) => Promise<void>) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const messageId = /^message-id:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const mail = { messageId, to, session: session.id };
        void (hold ? hold(mail) : Promise.resolve()).then(() => {
          if (closed.has(session.id)) return callback(new Error('client went away'));
          received.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setHold: (fn: typeof hold) => {
      hold = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitUntil(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
