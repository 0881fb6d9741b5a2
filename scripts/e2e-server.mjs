// Builds the product exactly as `npm start` does, into a folder of its own per port (so several runs can
// share a checkout), and serves it on a fresh embedded database seeded with the demo catalogue.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '3100';
const root = path.resolve('.e2e', port);
rmSync(root, { recursive: true, force: true });

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', path.join(root, 'web')]);
run('node', ['scripts/build-server.mjs', path.join(root, 'server')]);

// The operator of the console's browser tests (issue 14), made the way the first operator is made: the admin CLI,
// before the server holds the embedded database.
const operator = spawnSync(
  'npx',
  ['tsx', 'src/server/jobs/admin-cli.ts', 'create-operator', '--email', 'operator@e2e.bachat.example', '--first-name', 'Ops', '--password-stdin'],
  { input: 'operator-e2e-secret\n', stdio: ['pipe', 'inherit', 'inherit'], env: { ...process.env, DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn' } },
);
if (operator.status !== 0) process.exit(operator.status ?? 1);

// The returning shopper of the "since you last looked" tests (issue 15): a visit days ago and a price drop since.
const returning = spawnSync('npx', ['tsx', 'tests/e2e/fixtures/returning-shopper.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
});
if (returning.status !== 0) process.exit(returning.status ?? 1);

const server = spawn('node', ['--enable-source-maps', path.join(root, 'server', 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST: path.join(root, 'web'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
