import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures/test';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { formatPrice } from '@/shared/money';
import { openHomeInApp, waitForApp } from './client-navigation';

const TOKEN_KEY = 'bachat.token';

async function signIn(page: Page, request: APIRequestContext) {
  const id = `home${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const user = { username: id, firstName: 'Meera', lastName: 'Iyer', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [TOKEN_KEY, access_token] as const);
  return { headers: { authorization: `Bearer ${access_token}` } };
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const cards = (scope: Locator) => scope.locator('article[data-product-id]');

async function trendingFromApi(request: APIRequestContext): Promise<Product[]> {
  return ((await (await request.get('/api/products?trending=true&pageSize=4')).json()) as ProductPage).items;
}

test.describe('home', () => {
  test('hero, feature cards and closing call to action link where SPEC says', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Electronics' })).toHaveAttribute('href', '/products/electronics');
    await expect(page.getByRole('link', { name: 'Shop Apparels' })).toHaveAttribute('href', '/products/apparels');
    for (const title of ['Smart Comparison', 'Price Tracking', 'Wishlist & Alerts']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Start Comparing Prices' })).toHaveAttribute('href', '/comparison');
    await expect(page.getByRole('link', { name: 'Track Your Products' })).toHaveAttribute('href', '/price-tracking');
    await page.getByRole('link', { name: 'Browse Electronics' }).click();
    await expect(page).toHaveURL(/\/products\/electronics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  });

  test('Trending Now shows up to 4 trending products and View All goes to electronics', async ({ page, request }) => {
    const trending = await trendingFromApi(request);
    expect(trending.length).toBeGreaterThan(0);
    await page.goto('/');
    const region = section(page, 'Trending Now');
    await expect(cards(region)).toHaveCount(Math.min(4, trending.length));
    const shownIds = await cards(region).evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-product-id'))));
    expect(shownIds).toEqual(trending.map((p) => p.id));
    expect(trending.every((p) => p.trending)).toBe(true);
    await expect(region.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products/electronics');
  });

  test('Featured Products shows 6 products from the catalogue', async ({ page, request }) => {
    await page.goto('/');
    const region = section(page, 'Featured Products');
    await expect(cards(region)).toHaveCount(6);
    const ids = await cards(region).evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-product-id'))));
    const first = ((await (await request.get('/api/products/all?pageSize=10')).json()) as ProductPage).items.map((p) => p.id);
    for (const id of ids) expect(first).toContain(id);
    expect(new Set(ids).size).toBe(6);
  });

  test('product card: image, discount badge, name, rating, reviews, prices, store, View Deal and Compare', async ({ page, request }) => {
    const [product] = await trendingFromApi(request);
    if (!product) throw new Error('no trending product');
    await page.goto('/');
    const card = page.locator(`article[data-product-id="${product.id}"]`).first();
    await expect(card.getByRole('img', { name: product.name })).toBeVisible();
    await expect(card.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(card.locator('[data-price="current"]')).toHaveText(formatPrice(product.currentPrice));
    if (product.originalPrice > product.currentPrice) {
      await expect(card.locator('[data-price="original"]')).toContainText(formatPrice(product.originalPrice));
      await expect(card.locator('s[data-price="original"]')).toHaveCount(1);
    } else {
      await expect(card.locator('[data-price="original"]')).toHaveCount(0);
    }
    if (product.discount > 0) await expect(card.getByText(`-${product.discount}% OFF`)).toBeVisible();
    else await expect(card.getByText(/% OFF/)).toHaveCount(0);
    await expect(card.getByRole('img', { name: `Rated ${product.rating} out of 5` })).toBeVisible();
    await expect(card.locator('[data-slot="star-rating"] > span[data-filled="true"]')).toHaveCount(Math.floor(product.rating));
    await expect(card.getByTestId('review-count')).toContainText(product.reviews.toLocaleString('en-IN'));
    await expect(card.getByTestId('store')).toHaveText(product.store);
    await expect(card.getByRole('link', { name: /View Deal/ })).toHaveAttribute('href', `/product/${product.id}`);
    await expect(card.getByRole('link', { name: /^Compare/ })).toHaveAttribute('href', `/comparison?products=${product.id}`);
    await card.getByRole('link', { name: /View Deal/ }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });

  test('wishlist heart asks a signed-out shopper to sign in', async ({ page }) => {
    await page.goto('/');
    // The server's buttons act once the app has hydrated them.
    await waitForApp(page);
    await cards(section(page, 'Trending Now')).first().getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Please Sign In')).toBeVisible();
    await expect(page.getByText('You need to be logged in to manage your wishlist.')).toBeVisible();
  });

  test('wishlist heart adds and removes, filled when in the wishlist', async ({ page, request }) => {
    const { headers } = await signIn(page, request);
    await page.goto('/');
    await waitForApp(page);
    const card = cards(section(page, 'Trending Now')).first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const heart = card.getByRole('button', { name: 'Add to wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page.getByText('Added to Wishlist')).toBeVisible();
    await expect(page.getByText(`${name} has been added to your wishlist.`)).toBeVisible();
    const saved = card.getByRole('button', { name: 'Remove from wishlist' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    // Filled: the heart is drawn from the sprite's filled heart (lucide's heart with fill="currentColor").
    await expect(saved.locator('svg')).toHaveAttribute('data-icon', 'heart-filled');
    expect(await page.locator('#icon-heart-filled svg').getAttribute('fill')).toBe('currentColor');
    const wishlist = (await (await request.get('/api/wishlist', { headers })).json()) as { productId: number }[];
    expect(wishlist).toHaveLength(1);
    await saved.click();
    await expect(page.getByText('Removed from Wishlist')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    await expect(card.getByRole('button', { name: 'Add to wishlist' }).locator('svg')).toHaveAttribute('data-icon', 'heart');
  });

  test('a loading spinner shows while products load', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Reached from another page, so the browser app loads the products (a first load is rendered by the server).
    await openHomeInApp(page, () =>
      page.route('**/api/products/all**', async (route) => {
        await gate;
        await route.continue();
      }),
    );
    await expect(page.getByRole('status', { name: 'Loading products' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured Products' })).toHaveCount(0);
    release();
    await expect(page.getByRole('status', { name: 'Loading products' })).toHaveCount(0);
    await expect(cards(section(page, 'Featured Products'))).toHaveCount(6);
  });

  test('product list failure: destructive toast and error panel; Try Again reloads', async ({ page }) => {
    await openHomeInApp(page, () =>
      page.route('**/api/products/all**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })),
    );
    await expect(page.getByText('Failed to load products. Please try again.').first()).toBeVisible();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Failed to load products. Please try again.');
    const panel = page.getByRole('alert').filter({ hasText: 'Server Error' });
    await expect(panel).toContainText('Our servers are experiencing issues. Please try again later.');
    await page.unroute('**/api/products/all**');
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(section(page, 'Featured Products'))).toHaveCount(6);
  });

  test('offline: the error panel says No Internet Connection', async ({ page }) => {
    await openHomeInApp(page, () => page.route('**/api/products?trending**', (route) => route.abort('internetdisconnected')));
    const panel = page.getByRole('alert').filter({ hasText: 'No Internet Connection' });
    await expect(panel).toContainText('Please check your internet connection and try again.');
    await expect(panel.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
