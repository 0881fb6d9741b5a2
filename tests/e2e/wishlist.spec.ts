import { type APIRequestContext, expect, type Page, test } from './fixtures/test';
import type { Product } from '@/shared/contracts/product';

const TOKEN_KEY = 'bachat.token';
type TestUser = { username: string; firstName: string; lastName: string; email: string; password: string };

let serial = 0;
function newUser(): TestUser {
  const id = `wl${Date.now().toString(36)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: id, firstName: 'Priya', lastName: 'Nair', email: `${id}@example.in`, password: 'secret123' };
}

async function newSession(request: APIRequestContext) {
  const user = newUser();
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

async function signInWithToken(page: Page, token: string, path: string) {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
}

async function productsOf(request: APIRequestContext, category: string): Promise<Product[]> {
  const response = await request.get(`/api/products?category=${category}&pageSize=100`);
  return ((await response.json()) as { items: Product[] }).items;
}

/** Four products (2 electronics, 2 apparel) whose names, prices, ratings and discounts all differ, so every sort has one answer. */
async function pickProducts(request: APIRequestContext): Promise<Product[]> {
  const electronics = await productsOf(request, 'electronics');
  const apparel = await productsOf(request, 'ladies-apparels');
  const chosen: Product[] = [];
  const distinct = (p: Product) =>
    chosen.every((c) => c.currentPrice !== p.currentPrice && c.rating !== p.rating && c.discount !== p.discount && c.name !== p.name);
  const take = (pool: Product[], count: number, first?: (p: Product) => boolean) => {
    const ordered = first ? [...pool.filter(first), ...pool.filter((p) => !first(p))] : pool;
    let taken = 0;
    for (const product of ordered) {
      if (taken === count) break;
      if (distinct(product)) {
        chosen.push(product);
        taken += 1;
      }
    }
    expect(taken).toBe(count);
  };
  take(electronics, 2, (p) => p.trending && p.discount > 0 && p.originalPrice > p.currentPrice);
  take(apparel, 2);
  return chosen;
}

async function addToWishlist(request: APIRequestContext, headers: Record<string, string>, products: Product[]) {
  for (const product of products) {
    expect((await request.post('/api/wishlist', { headers, data: { productId: product.id } })).status()).toBe(201);
  }
}

const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(Math.round(rupees));

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
}
async function expectToast(page: Page, title: string, description: string) {
  const item = toast(page, title);
  await expect(item).toBeVisible();
  await expect(item.locator('[data-title]')).toHaveText(title);
  await expect(item.locator('[data-description]')).toHaveText(description);
}

const cards = (page: Page) => page.getByRole('list', { name: 'Saved products' }).getByRole('article');
const cardNames = (page: Page) => cards(page).locator('h3').allTextContents();
const summaryValue = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Wishlist summary' }).getByText(label, { exact: true }).locator('xpath=following-sibling::p');

async function choose(page: Page, control: string, option: string) {
  await page.getByRole('combobox', { name: control }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('wishlist page', () => {
  test('signed out: "Sign in required" with Sign In to Continue, which opens the dialog and then shows the list', async ({ page, request }) => {
    const { user } = await newSession(request);
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await expect(page.getByText('You need to be logged in to access your Wishlist.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In to Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Bachat' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  });

  test('shows a spinner while loading, then the empty state with links to both categories', async ({ page, request }) => {
    const { token } = await newSession(request);
    await page.route('**/api/wishlist', async (route) => {
      await delay(1200);
      await route.continue();
    });
    await signInWithToken(page, token, '/wishlist');
    await expect(page.getByRole('status', { name: 'Loading your wishlist' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Browse Electronics' })).toHaveAttribute('href', '/products/electronics');
    await expect(main.getByRole('link', { name: "Shop Ladies' Apparels" })).toHaveAttribute('href', '/products/ladies-apparels');
    await expect(page.getByRole('region', { name: 'Wishlist summary' })).toHaveCount(0);
  });

  test('a failed load toasts "Failed to load your wishlist. Please try again."', async ({ page, request }) => {
    const { token } = await newSession(request);
    await page.route('**/api/wishlist', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }));
    await signInWithToken(page, token, '/wishlist');
    await expectToast(page, 'Error', 'Failed to load your wishlist. Please try again.');
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  test('summary cards in rupees, category filter, every sort, and the "x of y items" count', async ({ page, request }) => {
    const { token, headers } = await newSession(request);
    const products = await pickProducts(request);
    await addToWishlist(request, headers, products);
    const serverOrder = ((await (await request.get('/api/wishlist', { headers })).json()) as { product: Product }[]).map((item) => item.product.name);

    await signInWithToken(page, token, '/wishlist');
    await expect(page.getByText('4 of 4 items')).toBeVisible();
    await expect(summaryValue(page, 'Total Items')).toHaveText('4');
    await expect(cards(page)).toHaveCount(4);
    const value = products.reduce((sum, p) => sum + p.currentPrice, 0);
    const savings = products.reduce((sum, p) => sum + Math.max(0, p.originalPrice - p.currentPrice), 0);
    await expect(summaryValue(page, 'Total Value')).toHaveText(inr(value));
    await expect(summaryValue(page, 'Total Savings')).toHaveText(inr(savings));

    // Date Added (the default) keeps the server's order.
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Date Added');
    await expect.poll(() => cardNames(page)).toEqual(serverOrder);

    const byName = [...products].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }));
    await choose(page, 'Sort by', 'Name A-Z');
    await expect.poll(() => cardNames(page)).toEqual(byName.map((p) => p.name));
    await choose(page, 'Sort by', 'Price: Low to High');
    await expect.poll(() => cardNames(page)).toEqual([...products].sort((a, b) => a.currentPrice - b.currentPrice).map((p) => p.name));
    await choose(page, 'Sort by', 'Price: High to Low');
    await expect.poll(() => cardNames(page)).toEqual([...products].sort((a, b) => b.currentPrice - a.currentPrice).map((p) => p.name));
    await choose(page, 'Sort by', 'Rating');
    await expect.poll(() => cardNames(page)).toEqual([...products].sort((a, b) => b.rating - a.rating).map((p) => p.name));
    await choose(page, 'Sort by', 'Discount %');
    await expect.poll(() => cardNames(page)).toEqual([...products].sort((a, b) => b.discount - a.discount).map((p) => p.name));
    await choose(page, 'Sort by', 'Date Added');
    await expect.poll(() => cardNames(page)).toEqual(serverOrder);

    await page.getByRole('combobox', { name: 'Filter by category' }).click();
    await expect(page.getByRole('option')).toHaveText(['All Categories', 'electronics', 'ladies-apparels']);
    await page.getByRole('option', { name: 'electronics', exact: true }).click();
    await expect(page.getByText('2 of 4 items')).toBeVisible();
    await expect
      .poll(async () => (await cardNames(page)).sort())
      .toEqual(products.filter((p) => p.category === 'electronics').map((p) => p.name).sort());
    // Filter then sort.
    await choose(page, 'Sort by', 'Price: High to Low');
    await expect
      .poll(() => cardNames(page))
      .toEqual(products.filter((p) => p.category === 'electronics').sort((a, b) => b.currentPrice - a.currentPrice).map((p) => p.name));
    await choose(page, 'Filter by category', 'ladies-apparels');
    await expect(page.getByText('2 of 4 items')).toBeVisible();
    await expect
      .poll(async () => (await cardNames(page)).sort())
      .toEqual(products.filter((p) => p.category === 'ladies-apparels').map((p) => p.name).sort());
    await choose(page, 'Filter by category', 'All Categories');
    await expect(page.getByText('4 of 4 items')).toBeVisible();
    // The totals are always of the whole wishlist.
    await expect(summaryValue(page, 'Total Items')).toHaveText('4');

    // DECISIONS 3: the totals follow the display currency like every other price.
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: '$ USD' }).click();
    await expect(summaryValue(page, 'Total Value')).toContainText('$');
  });

  test('a card shows image, badges, rating, prices, store and its four actions; Price Alert sets 90% of the price', async ({ page, request }) => {
    const { token, headers } = await newSession(request);
    const [trending] = await pickProducts(request);
    if (!trending) throw new Error('no product');
    await addToWishlist(request, headers, [trending]);
    await signInWithToken(page, token, '/wishlist');

    const card = cards(page).filter({ hasText: trending.name });
    await expect(card).toHaveCount(1);
    await expect(card.locator('img')).toHaveAttribute('src', trending.image);
    await expect(card.getByText(`${trending.discount}% OFF`)).toBeVisible();
    await expect(card.getByText('Trending')).toBeVisible();
    await expect(card.getByRole('img', { name: `Rated ${trending.rating} out of 5` })).toBeVisible();
    await expect(card.getByText(`(${trending.reviews.toLocaleString('en-IN')} reviews)`)).toBeVisible();
    await expect(card.getByText(inr(trending.currentPrice), { exact: true })).toBeVisible();
    await expect(card.locator('s')).toHaveText(`Original price ${inr(trending.originalPrice)}`);
    await expect(card.getByText(trending.store, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Deal' })).toHaveAttribute('href', `/product/${trending.id}`);
    await expect(card.getByRole('link', { name: 'Compare' })).toHaveAttribute('href', `/comparison?products=${trending.id}`);

    await card.getByRole('button', { name: 'Price Alert' }).click();
    await expect(toast(page, 'Price Alert Created')).toBeVisible();
    const alerts = (await (await request.get('/api/price-alerts', { headers })).json()) as { productId: number; targetPrice: number }[];
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.productId).toBe(trending.id);
    expect(alerts[0]?.targetPrice).toBe(Math.round(trending.currentPrice * 90) / 100);

    await card.getByRole('link', { name: 'Compare' }).click();
    await expect(page).toHaveURL(new RegExp(`/comparison\\?products=${trending.id}$`));
  });

  test('Remove takes the item off the page without reloading the list; a failed remove says so', async ({ page, request }) => {
    const { token, headers } = await newSession(request);
    const products = await pickProducts(request);
    await addToWishlist(request, headers, products);
    await signInWithToken(page, token, '/wishlist');
    await expect(page.getByText('4 of 4 items')).toBeVisible();

    let listLoads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/wishlist') listLoads += 1;
    });

    const [first, second] = products;
    if (!first || !second) throw new Error('no products');
    await page.route('**/api/wishlist/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })
        : route.continue(),
    );
    await cards(page).filter({ hasText: first.name }).getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Error', 'Failed to remove item from wishlist.');
    await expect(cards(page)).toHaveCount(4);
    await page.unroute('**/api/wishlist/*');

    await cards(page).filter({ hasText: first.name }).getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Removed from Wishlist', `${first.name} has been removed from your wishlist.`);
    await expect(cards(page).filter({ hasText: first.name })).toHaveCount(0);
    await expect(page.getByText('3 of 3 items')).toBeVisible();
    await expect(summaryValue(page, 'Total Items')).toHaveText('3');
    const rest = products.filter((p) => p.id !== first.id);
    await expect(summaryValue(page, 'Total Value')).toHaveText(inr(rest.reduce((sum, p) => sum + p.currentPrice, 0)));
    await delay(300);
    expect(listLoads).toBe(0);

    const remaining = (await (await request.get('/api/wishlist', { headers })).json()) as { productId: number }[];
    expect(remaining.map((item) => item.productId).sort()).toEqual(rest.map((p) => p.id).sort());
  });
});

test.describe('wishlist screenshots', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    test(`wishlist at ${name} width has no horizontal overflow`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const { token, headers } = await newSession(request);
      await addToWishlist(request, headers, await pickProducts(request));
      await signInWithToken(page, token, '/wishlist');
      await expect(page.getByText('4 of 4 items')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(400);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screenshots/wishlist-${name}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.evaluate(() => localStorage.removeItem('bachat.token'));
      await page.goto('/wishlist');
      await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/wishlist-signed-out-${name}.png` });
    });
  }
});
