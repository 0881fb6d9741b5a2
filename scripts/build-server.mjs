// Bundles the server (our code only; packages stay in node_modules) and copies the SQL migrations beside it.
// Usage: node scripts/build-server.mjs [outdir]   (default dist/server)
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = path.resolve(process.argv[2] ?? 'dist/server');
rmSync(outdir, { recursive: true, force: true });
await build({
  // The feed parser's worker thread is its own entry: stage-batches.ts loads it from beside main.js.
  entryPoints: { main: 'src/server/main.ts', worker: 'src/server/worker.ts', 'stage-worker': 'src/server/modules/feeds/stage-worker.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', path.join(outdir, 'migrations'), { recursive: true });
