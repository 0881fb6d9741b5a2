import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
                // Pure tests and the process test (always embedded) need not run twice.
                exclude: ['src/server/main.test.ts', 'src/server/scale/**', 'src/server/db/seed/{catalogue,product-image,random}.test.ts'],
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
        },
      },
    ],
  },
});
