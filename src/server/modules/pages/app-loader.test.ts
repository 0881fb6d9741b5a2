import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';

/** A built web app as Vite's manifest describes it: the entry (with its stylesheet) and the listing screen's chunks. */
const web = mkdtempSync(path.join(tmpdir(), 'bachat-loader-web-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(web, '.vite'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, css: ['assets/index-abc.css'] },
      'features/listing/listing-page.tsx': { file: 'assets/listing-page-def.js', imports: ['index.html', '_grid.js'] },
      '_grid.js': { file: 'assets/grid-ghi.js' },
    }),
  );
  t = await buildTestApp({ env: { WEB_DIST: web } });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('the page asks for the web app only through its loader', () => {
  it('names the entry and the screen chunks on the loader, requests no script itself, and its CSP allows the loader by hash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/products/electronics' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const head = html.slice(0, html.indexOf('</head>'));
    // Nothing a browser would fetch as script before the loader runs: no module script, no modulepreload.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const loader = /<script data-entry="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script>/.exec(head);
    expect(loader?.[1]).toBe('/assets/index-abc.js');
    expect(loader?.[2]?.split(' ')).toEqual(['/assets/listing-page-def.js', '/assets/grid-ghi.js']);
    // The stylesheet comes first in the head (before the first images' preloads are done and before any script).
    expect(head.indexOf('href="/assets/index-abc.css"')).toBeGreaterThan(0);
    expect(head.indexOf('href="/assets/index-abc.css"')).toBeLessThan(head.indexOf('data-entry'));
    // The inline script exactly as sent is what the policy's hash allows (a changed or escaped text would be blocked).
    const hash = createHash('sha256')
      .update(loader?.[3] ?? '')
      .digest('base64');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src 'self' '${`sha256-${hash}`.replace(/[+/=]/g, (c) => `\\${c}`)}'`));
  });

  it('gives a page with no screen of its own (the not-found page) the entry alone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<script data-entry="\/assets\/index-abc.js" data-preload="">/);
  });
});
