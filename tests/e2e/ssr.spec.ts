import { expect, type Page, test } from './fixtures/test';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { formatPrice } from '@/shared/money';

/**
 * Server-rendered pages: readable and navigable with JavaScript off, and hydrated with JavaScript on without a
 * console error or hydration warning, without fetching again what the server already sent.
 */

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('home → listing → product by links, with the price and every offer', async ({ page, request }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    // The footer's category link goes to the listing.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Electronics' }).click();
    await expect(page).toHaveURL(/\/products\/electronics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();

    const listing = (await (await request.get('/api/products/browse/electronics?pageSize=12')).json()) as ProductPage;
    const first = listing.items[0] as Product;
    await expect(page.getByRole('link', { name: first.name }).first()).toBeVisible();
    await page.getByRole('link', { name: first.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`));

    const product = (await (await request.get(`/api/products/${first.id}`)).json()) as Product;
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByTestId('product-price')).toContainText(formatPrice(product.currentPrice));
    for (const offer of product.offers) {
      const row = page.getByRole('listitem').filter({ hasText: offer.store }).filter({ hasText: formatPrice(offer.currentPrice) });
      await expect(row.first()).toBeVisible();
    }
  });

  test('search results are readable', async ({ page }) => {
    await page.goto('/search?q=phone');
    await expect(page.getByRole('link', { name: /phone/i }).first()).toBeVisible();
  });

  test('a shared comparison shows its products with their prices and links; deals list their drops', async ({ page, request }) => {
    const listing = (await (await request.get('/api/products/browse/electronics/mobiles?pageSize=2')).json()) as ProductPage;
    const [a, b] = listing.items as [Product, Product];
    const response = await page.goto(`/comparison?products=${a.id},${b.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Current Comparison (2/3)' })).toBeVisible();
    const table = page.getByRole('table');
    for (const product of [a, b]) {
      await expect(table.getByRole('columnheader').filter({ hasText: product.name })).toBeVisible();
      await expect(table).toContainText(formatPrice(product.currentPrice));
    }
    await expect(page).toHaveTitle(`Compare ${a.name} vs ${b.name} – Bachat`);
    await table.getByRole('link', { name: `View Deal for ${a.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${a.id}$`));

    const deals = (await (await request.get('/api/deals')).json()) as { items: { product: { id: number; name: string }; dropAmount: number }[] };
    const top = deals.items[0];
    if (!top) throw new Error('the demo catalogue has no deal');
    await page.goto('/deals');
    const card = page.getByRole('article', { name: top.product.name });
    await expect(card).toContainText(`${formatPrice(top.dropAmount)} below its 90-day typical price`);
    await card.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/product/${top.product.id}$`));
  });

  test('an unknown product is a 404 with its not-found page', async ({ page }) => {
    const response = await page.goto('/product/987654321');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  });
});

test.describe('with JavaScript on', () => {
  /**
   * Console errors and warnings (React reports a hydration mismatch as an error) and API calls after load (pictures
   * aside): a signed-out first view has what it shows from the server and asks for nothing until the shopper acts.
   */
  async function visit(page: Page, url: string) {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/media/')) apiCalls.push(req.url());
    });
    await page.goto(url);
    // Hydrated: the app has taken over the server's HTML (client navigation works from here).
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForLoadState('networkidle');
    return { problems, apiCalls };
  }

  for (const url of ['/', '/products/electronics', '/products/apparels/western-wear', '/search?q=phone', '/deals', '/comparison']) {
    test(`${url} hydrates without console errors and without fetching its data again`, async ({ page }) => {
      const { problems, apiCalls } = await visit(page, url);
      expect(problems).toEqual([]);
      expect(apiCalls).toEqual([]);
    });
  }

  test('a product page hydrates without console errors, fetches nothing again, and navigates on the client', async ({ page, request }) => {
    const listing = (await (await request.get('/api/products/all?pageSize=1')).json()) as ProductPage;
    const product = listing.items[0] as Product;
    const { problems, apiCalls } = await visit(page, `/product/${product.id}`);
    expect(problems).toEqual([]);
    expect(apiCalls).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    // Client-side navigation: no new document is loaded.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('a shared comparison hydrates without console errors, fetching none of its products, candidates or key specs again', async ({ page, request }) => {
    const listing = (await (await request.get('/api/products/browse/electronics/mobiles?pageSize=2')).json()) as ProductPage;
    const [a, b] = listing.items as [Product, Product];
    const { problems, apiCalls } = await visit(page, `/comparison?products=${a.id},${b.id}`);
    expect(problems).toEqual([]);
    expect(apiCalls).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Current Comparison (2/3)' })).toBeVisible();
    await expect(page.getByTestId('key-specs')).toBeVisible();
  });

  test("the page is painted before the app's code is asked for, and the app then hydrates it", async ({ page }) => {
    const { problems } = await visit(page, '/products/electronics');
    expect(problems).toEqual([]);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      stylesheet: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[^/]*\.css$/.test(entry.name))?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.stylesheet).toBeLessThan(timing.firstContentfulPaint);
    expect(timing.scripts.length).toBeGreaterThan(1);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
  });

  test('a button pressed before the app has loaded is pressed again once the app has hydrated', async ({ page, request }) => {
    const listing = (await (await request.get('/api/products/all?pageSize=1')).json()) as ProductPage;
    const product = listing.items[0] as Product;
    // The app's entry arrives only when the test lets it: the shopper's press lands on the server's HTML.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Signed out, Save asks the shopper to sign in (SPEC point 4): the press was not lost.
    await expect(page.getByText('Please Sign In', { exact: true })).toBeVisible();
    await expect(page.getByText('You need to be logged in to manage your wishlist.')).toBeVisible();
  });

  test('an unknown product hydrates its not-found page', async ({ page }) => {
    const { problems } = await visit(page, '/product/987654321');
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  });
});
