import { expect, type Locator, type Page, test } from './fixtures/test';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { openListingInApp, openProductInApp } from './client-navigation';

/**
 * The storefront screens (home, listing, product, search and their states) at desktop and phone widths: nothing
 * overflows the viewport sideways. With SCREENSHOTS=1 each is also saved as a full-page screenshot for a person to
 * look at, in test-results/screenshots/ (not committed); encoding them was a tenth of the browser suite's time.
 */
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Walk down the page so lazy images load, then back up.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Cards below the fold are drawn only as they scroll near (content-visibility): a full-page shot draws them all. */
const DRAW_ALL = '* { content-visibility: visible !important; }';

/** A full-page shot, or (with `focus`) the viewport scrolled to that part of the page. */
async function shoot(page: Page, name: string, width: number, focus?: Locator) {
  await settle(page);
  if (focus) {
    // Below the sticky header.
    await focus.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 80));
  }
  const fullPage = !focus;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} overflows sideways at ${width}px`).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage, style: DRAW_ALL });
}

let productId = 0;
let productName = '';
/**
 * The product the review screenshots write their reviews to: the last apparel in relevance order (not trending,
 * fewest reviews), which no other spec reads; they run at the same time (product.spec.ts reviews an electronics one).
 */
let reviewedId = 0;
test.beforeAll(async ({ request }) => {
  const { items } = (await (await request.get('/api/products/browse/electronics/mobiles')).json()) as ProductPage;
  const product = items.find((p: Product) => p.variants.length > 1 && p.offers.length > 2) ?? items[0];
  productId = product?.id ?? 1;
  productName = product?.name ?? '';
  const { total } = (await (await request.get('/api/products?category=ladies-apparels&pageSize=1')).json()) as ProductPage;
  const last = (await (await request.get(`/api/products?category=ladies-apparels&pageSize=1&page=${total}`)).json()) as ProductPage;
  reviewedId = last.items[0]?.id ?? 0;
  expect(reviewedId).toBeGreaterThan(0);
});

for (const size of WIDTHS) {
  test.describe(`screenshots at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('home', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Featured Products' }).locator('article')).toHaveCount(6);
      await shoot(page, 'home', size.width);
    });

    test('listing', async ({ page }) => {
      await page.goto('/products/electronics');
      await expect(page.locator('main article').first()).toBeVisible();
      await shoot(page, 'listing-electronics', size.width);
      await page.goto('/products/apparels/western-wear/dresses?sort=price-low');
      await expect(page.locator('main article').first()).toBeVisible();
      await shoot(page, 'listing-dresses', size.width);
      await page.getByRole('radio', { name: 'List view' }).click();
      await shoot(page, 'listing-list-view', size.width);
    });

    test('listing states', async ({ page }) => {
      await page.goto('/products/apparels/western-wear/dresses?price=1000%2B');
      await expect(page.getByText('No products found matching your criteria')).toBeVisible();
      await shoot(page, 'listing-empty', size.width);
      await page.goto('/products/smart%20gadgets');
      await expect(page.getByText('Category Not Found')).toBeVisible();
      await shoot(page, 'listing-not-found', size.width);
      // Error and loading are states of the browser app's own fetch, after a link (a first load is server-rendered).
      await openListingInApp(page, '/products/electronics/mobiles', () =>
        page.route('**/api/products/browse/**', (route) => route.fulfill({ status: 500, body: '{"detail":"x"}', contentType: 'application/json' })),
      );
      await expect(page.getByText('Server Error')).toBeVisible();
      await shoot(page, 'listing-error', size.width);
      await page.unroute('**/api/products/browse/**');
      await openListingInApp(page, '/products/electronics/mobiles', () => page.route('**/api/products/browse/**', () => {}));
      await expect(page.getByTestId('product-skeleton').first()).toBeVisible();
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/listing-loading-${size.width}.png`, fullPage: true });
    });

    test('product', async ({ page }) => {
      await page.goto(`/product/${productId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The chart's code loads as it nears the viewport (or once the page has settled).
      await page.getByTestId('price-history-chart').scrollIntoViewIfNeeded();
      await expect(page.locator('svg.recharts-surface')).toBeVisible();
      await shoot(page, 'product', size.width);
      await page.getByRole('tab', { name: 'Specifications' }).click();
      await shoot(page, 'product-specifications', size.width, page.getByRole('tablist'));
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await shoot(page, 'product-reviews', size.width, page.getByRole('tablist'));
      await page.getByRole('button', { name: 'Price Alert' }).click();
      await expect(page.getByRole('dialog', { name: 'Set Price Alert' })).toBeVisible();
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/product-price-alert-${size.width}.png` });
    });

    test('write a review', async ({ page, request }) => {
      const id = `shot${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
      const user = { username: id, firstName: 'Anil', lastName: 'Kumar', email: `${id}@example.in`, password: 'secret123' };
      expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
      const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
      const { access_token } = (await login.json()) as { access_token: string };
      const review = await request.post(`/api/products/${reviewedId}/reviews`, {
        headers: { authorization: `Bearer ${access_token}` },
        data: { rating: 4, title: 'Lovely fabric, true to size', body: 'Soft cotton that kept its colour after three washes. The fit is exactly as the size chart says.' },
      });
      expect(review.ok()).toBe(true);
      await page.addInitScript((token) => localStorage.setItem('bachat.token', token), access_token);
      await page.goto(`/product/${reviewedId}`);
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await expect(page.getByText('Lovely fabric, true to size').first()).toBeVisible();
      await shoot(page, 'product-reviews-written', size.width, page.getByRole('tablist'));
      await page.getByRole('button', { name: 'Write a Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a Review' });
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/product-write-review-${size.width}.png` });
    });

    test('product states', async ({ page }) => {
      await page.goto('/product/99999999');
      await expect(page.getByText('Product Not Found')).toBeVisible();
      await shoot(page, 'product-not-found', size.width);
      const product = { id: productId, name: productName };
      await openProductInApp(page, product, () =>
        page.route(`**/api/products/${productId}`, (route) => route.fulfill({ status: 500, body: '{"detail":"x"}', contentType: 'application/json' })),
      );
      await expect(page.getByRole('heading', { name: 'Failed to Load Product' })).toBeVisible();
      await shoot(page, 'product-error', size.width);
      await page.unroute(`**/api/products/${productId}`);
      await openProductInApp(page, product, () => page.route(`**/api/products/${productId}`, () => {}));
      await expect(page.getByRole('status', { name: 'Loading product' })).toBeVisible();
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/product-loading-${size.width}.png`, fullPage: true });
    });

    test('search', async ({ page }) => {
      await page.goto('/search?q=samsng');
      await expect(page.locator('main article').first()).toBeVisible();
      await shoot(page, 'search-results', size.width);
      await page.goto('/search?q=zzzzqqqq');
      await expect(page.getByText('No results for “zzzzqqqq”')).toBeVisible();
      await shoot(page, 'search-empty', size.width);
      await page.goto('/');
      let input = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      if (size.width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        input = page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Search products' });
      }
      await input.fill('galaxy');
      await expect(page.getByRole('option', { name: /Galaxy/ }).first()).toBeVisible();
      await input.press('ArrowDown');
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/search-suggestions-${size.width}.png` });
    });
  });
}
