import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Text assets are written beside themselves as .br and .gz at their best levels, once, at build time; the
 * server sends those (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'bachat-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const content = readFileSync(full);
        if (content.length < 1024) continue;
        writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const src = fileURLToPath(new URL('./src', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Tests that start real server processes and depend on timing (leases, kills, outages): run alone, last. */
const PROCESS_TESTS = ['src/server/main.test.ts', 'src/server/scale/**/*.test.ts'];

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Maps are written for debugging but not linked from the bundles; the server does not serve them.
    sourcemap: 'hidden',
    // The server renders pages with the entry's script and stylesheet, and each screen's chunk, from this.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is one file: every page loads all of it anyway, and one gzip
            // stream is smaller than eight (about 2.7 KB of each page's first load, issue 12). Lazy chunks import from it.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // Icons used by three or more lazy parts are one file, not one file of 0.2–0.4 KB each (mostly import and
            // export boilerplate): home −0.2, listing −0.4, product −0.7 KB (2 or 4 parts measured worse).
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 3, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    root: '.',
    // Two workers on this 2-core machine (Vitest's default there is one): the API files mostly wait on a database.
    // The processes-and-timing tests (real servers, leases, SIGKILL) run afterwards, alone (the 'processes' project).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          root: '.',
          include: PROCESS_TESTS,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                root: '.',
                include: ['src/server/**/*.test.ts'],
                // Pure tests (no database: the seed's generators, the feed parsers, the bundled server's parser
                // worker) and the process tests (always embedded) need not run twice.
                exclude: [
                  ...PROCESS_TESTS,
                  'src/server/db/seed/{catalogue,product-image,random}.test.ts',
                  'src/server/modules/feeds/{category-mapping,detect-format,feed-item,feed-shapes,feed-streaming,parse-tsv,parse-xml,stage-batches}.test.ts',
                  'src/server/modules/pages/app-loader-behaviour.test.ts',
                ],
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'web',
          root: '.',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          environment: 'jsdom',
          // A form test types a few dozen keystrokes: on a busy 2-core machine that can pass the default 5 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
