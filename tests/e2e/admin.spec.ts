import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from './fixtures/test';
import type { ClickStats } from '@/shared/contracts/clicks';
import type { Product } from '@/shared/contracts/product';

const TOKEN_KEY = 'bachat.token';
/** Created by scripts/e2e-server.mjs with `npm run admin -- create-operator`. */
const OPERATOR = { email: 'operator@e2e.bachat.example', password: 'operator-e2e-secret' };
const FEED = path.resolve('src/server/modules/feeds/fixtures/products.tsv');

async function tokenOf(request: APIRequestContext, credentials: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: credentials });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

async function shopperToken(request: APIRequestContext) {
  const id = `adm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: id, firstName: 'Asha', lastName: 'Rao', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  return tokenOf(request, user);
}

/**
 * A store's feed on a real HTTP server (this test process), with an ETag: the console's "import now" fetches it
 * through the job queue, and a second time conditionally (304). Records each request's If-None-Match.
 */
const feedRequests: (string | undefined)[] = [];
let feedServer: Server;
let feedUrl: string;
test.beforeAll(async () => {
  const body = readFileSync(FEED);
  feedServer = createServer((request, response) => {
    feedRequests.push(request.headers['if-none-match']);
    if (request.headers['if-none-match'] === '"e2e-feed-1"') {
      response.writeHead(304, { etag: '"e2e-feed-1"' }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/tab-separated-values', etag: '"e2e-feed-1"' }).end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/products.tsv`;
});
test.afterAll(async () => {
  await new Promise((resolve) => feedServer?.close(resolve));
});

async function signInWithToken(page: Page, token: string, to: string) {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(to);
}

test('the console refuses signed-out visitors and shoppers, and is not indexed', async ({ page, request }) => {
  const response = await page.goto('/admin');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await signInWithToken(page, await shopperToken(request), '/admin');
  await expect(page.getByRole('heading', { name: 'Operators only' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operator console' })).toHaveCount(0);
});

test('an operator adds a store, imports a feed file and its feed URL (live, then not modified), sees rejected rows, and merges two products', async ({ page, request }) => {
  // The import applies to the seeded catalogue on a shared, busy machine: allow it minutes.
  test.setTimeout(300_000);
  await signInWithToken(page, await tokenOf(request, OPERATOR), '/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Operator console' }).click();
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/stores$/);

  // Add a store.
  const storeName = `E2E Feed Shop ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add store' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(storeName);
  await dialog.getByLabel('Homepage').fill('ftp://nope');
  await dialog.getByRole('button', { name: 'Add store' }).click();
  await expect(dialog.getByText('must be an http(s) URL')).toBeVisible();
  await dialog.getByLabel('Homepage').fill('https://feed-shop.example');
  await dialog.getByLabel('Feed URL').fill(feedUrl);
  await dialog.getByLabel('Affiliate tag template').fill('tag=bachat-21');
  await dialog.getByRole('button', { name: 'Add store' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row).toContainText('Never imported');

  // Import a feed file from the console; the row shows the run when it is done.
  await row.getByLabel(`Feed file for ${storeName}`).setInputFiles(FEED);
  const runLink = row.getByRole('link', { name: /^Run \d+$/ });
  await expect(runLink).toBeVisible({ timeout: 180_000 });
  await expect(row).toContainText('succeeded');
  await expect(row).toContainText(/\d+ rejected/);

  // The run's rejected rows.
  await runLink.click();
  await expect(page.getByRole('heading', { name: 'Import runs' })).toBeVisible();
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).not.toHaveCount(0);
  await expect(rejected).toContainText('HP-3001');
  await page.getByLabel('Filter rejected rows').fill('HP-3001');
  await expect(rejected.getByRole('row')).toHaveCount(2);

  // Import now (the feed URL) runs on the job queue; the row follows it live until it is done.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Stores' }).click();
  await row.getByRole('button', { name: 'Import now' }).click();
  await expect(row.getByRole('status').filter({ hasText: /Queued: waiting for a worker|Importing…/ })).toBeVisible();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 180_000 });
  await expect(row.getByRole('status')).toHaveCount(0);
  await expect(row).toContainText('succeeded');
  // Again: the feed has not changed, so one conditional request gets a 304 and the run is "not modified".
  await row.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Feed not modified since the last import')).toBeVisible({ timeout: 180_000 });
  await expect(row).toContainText('not modified');
  await expect(row).toContainText('Not modified since the last import (HTTP 304)');
  expect(feedRequests).toEqual([undefined, '"e2e-feed-1"']);

  // Merge two products of the catalogue; the merged one's URL then leads to the survivor.
  const listing = (await (await request.get('/api/products?category=electronics&pageSize=5')).json()) as { items: Product[] };
  const [survivor, merged] = listing.items;
  if (!survivor || !merged) throw new Error('the demo catalogue has too few products');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Products' }).click();
  await page.getByLabel('Search the catalogue').fill(String(survivor.id));
  // The survivor's own link: until the search answers, the list still shows the previous results.
  await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: new RegExp(`#${survivor.id} ·`) }).click();
  await expect(page.getByRole('heading', { name: survivor.name })).toBeVisible();
  await page.getByLabel('Merge a duplicate into this product').fill(String(merged.id));
  await page.getByRole('button', { name: 'Merge…' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(merged.name);
  await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Products merged')).toBeVisible();
  await expect(page.getByText(`Merged into this product: #${merged.id}`)).toBeVisible();

  await page.goto(`/product/${merged.id}`);
  await expect(page).toHaveURL(new RegExp(`/product/${survivor.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: survivor.name })).toBeVisible();

  // The audit log shows who did it.
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: `Merged product ${merged.id}` })).toContainText(OPERATOR.email);
  await expect(page.getByRole('row').filter({ hasText: `Added the store ${storeName}` })).toBeVisible();
});

test('a shopper clicks Buy on a product page and the click appears in the console’s clicks chart and table', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const operatorToken = await tokenOf(request, OPERATOR);
  const auth = { authorization: `Bearer ${operatorToken}` };
  const statsOf = async () => (await (await request.get('/api/admin/clicks', { headers: auth })).json()) as ClickStats;
  const listing = (await (await request.get('/api/products?category=ladies-apparels&pageSize=1')).json()) as { items: Product[] };
  const product = listing.items[0];
  if (!product) throw new Error('the demo catalogue has no apparel');
  const clicksOf = (stats: ClickStats) => stats.topProducts.find((row) => row.productId === product.id)?.clicks ?? 0;
  const before = clicksOf(await statsOf());

  // The shopper's browser: the store's site is answered here, so no real network is used.
  const shopper = await browser.newContext();
  const storeHosts: string[] = [];
  await shopper.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      storeHosts.push(new URL(route.request().url()).hostname);
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Store</title><h1>Store product page</h1>' });
    },
  );
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(`/product/${product.id}`);
  const buy = shopperPage.getByRole('link', { name: `Buy with ${product.store}` });
  await expect(buy).toHaveAttribute('href', /^\/go\/\d+\?from=product/);
  const [storeTab] = await Promise.all([shopper.waitForEvent('page'), buy.click()]);
  await expect(storeTab.getByRole('heading', { name: 'Store product page' })).toBeVisible();
  expect(new URL(storeTab.url()).hostname).not.toBe('127.0.0.1');
  expect(storeHosts).toContain(new URL(storeTab.url()).hostname);
  await shopper.close();

  // Clicks are written in batches (within a second): the console shows this one once it is.
  await expect.poll(async () => clicksOf(await statsOf()), { timeout: 30_000 }).toBe(before + 1);
  await signInWithToken(page, operatorToken, '/admin/clicks');
  await expect(page.getByRole('heading', { name: 'Clicks' })).toBeVisible();
  const topProducts = page.getByRole('table', { name: 'Top products' });
  await expect(topProducts.getByRole('row').filter({ hasText: product.name })).toContainText(String(before + 1));
  await expect(page.getByRole('table', { name: 'Clicks per store per day' }).getByRole('row').filter({ hasText: product.store })).toBeVisible();
  await expect(page.getByTestId('clicks-chart')).toContainText(product.store);
});
