import { openComparisonInApp } from './client-navigation';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures/test';
import type { Product, ProductAttributesList } from '@/shared/contracts/product';
import { attributeRows } from '@/web/features/comparison/attribute-rows';
import { specificationRows } from '@/web/features/comparison/spec-rows';

const TOKEN_KEY = 'bachat.token';

let serial = 0;
async function newSession(request: APIRequestContext) {
  const id = `cm${Date.now().toString(36)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: id, firstName: 'Vikram', lastName: 'Das', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

async function signInWithToken(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
}

async function productsOf(request: APIRequestContext, query: string): Promise<Product[]> {
  const response = await request.get(`/api/products?${query}&pageSize=100`);
  return ((await response.json()) as { items: Product[] }).items;
}

/** Three mobiles with different prices and ratings (one of them with no discount when the catalogue has one). */
async function threeElectronics(request: APIRequestContext): Promise<[Product, Product, Product]> {
  const all = await productsOf(request, 'category=electronics');
  const noDiscount = all.find((p) => p.discount === 0);
  const picked: Product[] = noDiscount ? [noDiscount] : [];
  for (const product of all) {
    if (picked.length === 3) break;
    const distinct = picked.every((p) => p.id !== product.id && p.currentPrice !== product.currentPrice && p.rating !== product.rating);
    if (product.discount > 0 && distinct) picked.push(product);
  }
  expect(picked).toHaveLength(3);
  return picked as [Product, Product, Product];
}

async function apparelProduct(request: APIRequestContext): Promise<Product> {
  const [first] = await productsOf(request, 'category=ladies-apparels');
  if (!first) throw new Error('no apparel');
  return first;
}

const ids = (products: readonly Product[]) => products.map((p) => p.id).join(',');

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

const current = (page: Page) => page.getByRole('heading', { name: /^Current Comparison/ });
const candidates = (page: Page) => page.getByRole('list', { name: 'Products you can add' }).getByRole('article');
const candidate = (page: Page, name: string) => candidates(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const row = (page: Page, label: string): Locator =>
  page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
const summaryValue = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Comparison summary' }).getByText(label, { exact: true }).locator('xpath=following-sibling::p');

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('comparison: building the set', () => {
  test('empty: "No Products Selected", no Save, and 6 candidates from the whole catalogue', async ({ page }) => {
    // Reached in the running app, so the browser asks for the candidates itself (a first view has them from the server).
    const allRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/products/all');
    await openComparisonInApp(page, null);
    expect(new URL((await allRequest).url()).searchParams.get('pageSize')).toBe('6');
    await expect(page.getByRole('tab', { name: 'Compare Products' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Saved Comparisons' })).toBeVisible();
    await expect(current(page)).toHaveText('Current Comparison (0/3)');
    await expect(page.getByRole('heading', { name: 'No Products Selected' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Comparison' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Add Products to Compare' })).toBeVisible();
    await expect(candidates(page)).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Add to Compare' })).toHaveCount(6);
  });

  test('adds one at a time: the first sets the category lock, the URL follows, Save appears at 2, the 4th cannot be added', async ({ page }) => {
    await page.goto('/comparison');
    await expect(candidates(page)).toHaveCount(6);
    const firstName = (await candidates(page).first().locator('h3').textContent()) ?? '';

    const lockedRequest = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/products/category/'));
    await candidate(page, firstName).getByRole('button', { name: 'Add to Compare' }).click();
    await expectToast(page, 'Product Added', `${firstName} has been added to the comparison.`);
    await expect(current(page)).toHaveText('Current Comparison (1/3)');
    await expect(page).toHaveURL(/\/comparison\?products=\d+$/);
    const firstId = Number(new URL(page.url()).searchParams.get('products'));
    const first = (await (await page.request.get(`/api/products/${firstId}`)).json()) as Product;
    expect(first.name).toBe(firstName);

    const locked = new URL((await lockedRequest).url());
    expect(locked.pathname).toBe(`/api/products/category/${first.category}`);
    expect(locked.searchParams.get('exclude')).toBe(String(firstId));
    expect(locked.searchParams.get('subcategory')).toBe(first.subcategory);
    await expect(page.getByText('Category', { exact: true }).locator('..')).toContainText(first.category === 'electronics' ? 'Electronics' : "Ladies' Apparels");
    await expect(page.getByRole('button', { name: 'Save Comparison' })).toHaveCount(0);

    // Candidates now come from the first product's category, its subcategory first.
    await expect(candidates(page).first()).not.toContainText(firstName);
    const candidateResponse = (await (await page.request.get(`${locked.pathname}${locked.search}`)).json()) as Product[];
    expect(candidateResponse.every((p) => p.category === first.category)).toBe(true);
    await expect(candidates(page).locator('h3')).toHaveText(candidateResponse.map((p) => p.name));

    const second = candidateResponse[0];
    const third = candidateResponse[1];
    if (!second || !third) throw new Error('not enough candidates');
    await candidate(page, second.name).getByRole('button', { name: 'Add to Compare' }).click();
    await expect(current(page)).toHaveText('Current Comparison (2/3)');
    await expect(page).toHaveURL(new RegExp(`/comparison\\?products=${firstId},${second.id}$`));
    await expect(page.getByRole('button', { name: 'Save Comparison' })).toBeVisible();

    await candidate(page, third.name).getByRole('button', { name: 'Add to Compare' }).click();
    await expect(current(page)).toHaveText('Current Comparison (3/3)');
    await expect(page).toHaveURL(new RegExp(`/comparison\\?products=${firstId},${second.id},${third.id}$`));

    // Full: every candidate says why it cannot be added.
    await expect(candidates(page).first().getByRole('button', { name: 'Cannot Add' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add to Compare' })).toHaveCount(0);
    const count = await candidates(page).count();
    expect(count).toBeGreaterThan(0);
    await expect(candidates(page).getByText('Maximum 3 products allowed')).toHaveCount(count);
  });

  test('summary cards and the table: Best Price, Highest Rated, Store, Discount / "No discount", View Deal', async ({ page, request }) => {
    const products = await threeElectronics(request);
    await page.goto(`/comparison?products=${ids(products)}`);
    await expect(current(page)).toHaveText('Current Comparison (3/3)');

    const cheapest = products.reduce((best, p) => (p.currentPrice < best.currentPrice ? p : best));
    const topRated = products.reduce((best, p) => (p.rating > best.rating ? p : best));
    await expect(summaryValue(page, 'Best Price')).toHaveText(inr(cheapest.currentPrice));
    await expect(summaryValue(page, 'Best Rating')).toHaveText(`${topRated.rating.toFixed(1)}/5`);
    await expect(summaryValue(page, 'Products')).toHaveText('3');

    const headers = page.getByRole('table').getByRole('columnheader');
    await expect(headers).toHaveCount(3);
    for (const [index, product] of products.entries()) {
      await expect(headers.nth(index)).toContainText(product.name);
      const price = row(page, 'Price').getByRole('cell').nth(index);
      await expect(price).toContainText(inr(product.currentPrice));
      await expect(price.getByText('Best Price')).toHaveCount(product.id === cheapest.id ? 1 : 0);
      const rating = row(page, 'Rating').getByRole('cell').nth(index);
      await expect(rating.getByRole('img', { name: `Rated ${product.rating} out of 5` })).toBeVisible();
      await expect(rating.getByText('Highest Rated')).toHaveCount(product.id === topRated.id ? 1 : 0);
      await expect(row(page, 'Store').getByRole('cell').nth(index)).toHaveText(product.store);
      await expect(row(page, 'Discount').getByRole('cell').nth(index)).toHaveText(product.discount > 0 ? `${product.discount}% OFF` : 'No discount');
      const actions = row(page, 'Actions').getByRole('cell').nth(index);
      await expect(actions.getByRole('link', { name: 'View Deal' })).toHaveAttribute('href', `/product/${product.id}`);
      await expect(actions.getByRole('button', { name: 'Remove' })).toBeVisible();
    }
    if (products.some((p) => p.discount === 0)) await expect(row(page, 'Discount')).toContainText('No discount');
  });

  test('pictures that fail to load, even before the app has started, leave a placeholder in the table and the candidates', async ({ page, request }) => {
    const products = await threeElectronics(request);
    // The server-rendered page asks for its pictures before the app hydrates and can listen for their errors.
    await page.route('**/api/media/products/**', (route) => route.abort());
    await page.goto(`/comparison?products=${ids(products.slice(0, 2))}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const headers = page.getByRole('table').getByRole('columnheader');
    await expect(headers.locator('[data-placeholder="true"]')).toHaveCount(2);
    await expect(headers.locator('img')).toHaveCount(0);
    // The candidates' pictures load as they scroll near.
    await candidates(page).first().scrollIntoViewIfNeeded();
    await expect(candidates(page).first().locator('[data-placeholder="true"]')).toHaveCount(1);
    await expect(candidates(page).first().locator('img')).toHaveCount(0);
  });

  test('the specifications line up side by side and differing rows are highlighted and labelled', async ({ page, request }) => {
    const products = await threeElectronics(request);
    await page.goto(`/comparison?products=${ids(products)}`);
    const expected = specificationRows(products);
    expect(expected.length).toBeGreaterThan(0);
    await expect(page.getByRole('table').getByRole('heading', { name: 'Specifications' })).toBeVisible();
    const specRows = page.getByTestId('spec-rows').locator('tr').filter({ has: page.locator('th[scope="row"]') });
    await expect(specRows).toHaveCount(expected.length);
    const differing = expected.filter((r) => r.differs);
    await expect(page.getByTestId('spec-rows').locator('tr[data-differs]')).toHaveCount(differing.length);
    const unique = expected.filter((spec) => expected.filter((other) => other.label === spec.label).length === 1);
    for (const spec of unique.slice(0, 6)) {
      const name = spec.differs ? `${spec.label} (values differ)` : spec.label;
      const tr = specRows.filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await expect(tr.getByRole('cell')).toHaveText(spec.values.map((v) => v ?? '—Not listed'));
    }
    if (differing.length > 0) await expect(page.getByTestId('spec-rows').getByText(/differences? highlighted/)).toBeVisible();
  });

  test('the key specs (typed attributes) line up side by side; a differing row says "Differs", not only by colour', async ({ page, request }) => {
    const mobiles = (await productsOf(request, 'category=electronics&subcategory=mobiles')).slice(0, 3);
    expect(mobiles).toHaveLength(3);
    const typed = (await (await request.get(`/api/products/attributes?ids=${ids(mobiles)}`)).json()) as ProductAttributesList;
    const expected = attributeRows(mobiles, new Map(typed.map((item) => [item.productId, item.attributes])));
    expect(expected.some((r) => r.differs)).toBe(true);

    // A shared comparison's first view comes with its key specs from the server.
    await page.goto(`/comparison?products=${ids(mobiles)}`);
    const keySpecs = page.getByTestId('key-specs');
    await expect(keySpecs.getByRole('heading', { name: 'Key Specs' })).toBeVisible();
    await expect(keySpecs.locator('tr[data-attribute]')).toHaveCount(expected.length);
    for (const spec of expected) {
      const tr = keySpecs.locator(`tr[data-attribute="${spec.name}"]`);
      await expect(tr.getByRole('rowheader', { name: spec.differs ? `${spec.label} (values differ)` : spec.label, exact: true })).toBeVisible();
      await expect(tr.getByRole('cell')).toHaveText(spec.values.map((v) => v ?? '—Not listed'));
      // Seen as words beside the label, not only as the row's tint.
      await expect(tr.getByTestId('differs-mark')).toHaveCount(spec.differs ? 1 : 0);
      if (spec.differs) await expect(tr.getByTestId('differs-mark')).toHaveText('≠ Differs');
    }
  });

  test('Remove updates the set and the URL; removing the last clears the category lock', async ({ page, request }) => {
    const products = await threeElectronics(request);
    await page.goto(`/comparison?products=${ids(products)}`);
    await expect(current(page)).toHaveText('Current Comparison (3/3)');
    const [a, , c] = products;

    await row(page, 'Actions').getByRole('cell').nth(1).getByRole('button', { name: 'Remove' }).click();
    await expect(current(page)).toHaveText('Current Comparison (2/3)');
    await expect(page).toHaveURL(new RegExp(`/comparison\\?products=${a.id},${c.id}$`));
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([new RegExp(escape(a.name)), new RegExp(escape(c.name))]);

    await row(page, 'Actions').getByRole('button', { name: 'Remove' }).first().click();
    await expect(current(page)).toHaveText('Current Comparison (1/3)');
    await expect(page.getByRole('button', { name: 'Save Comparison' })).toHaveCount(0);
    // A lone product has nothing to beat: no badges.
    await expect(page.getByText('Best Price', { exact: true }).locator('xpath=ancestor::table')).toHaveCount(0);

    const unlocked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/products/all');
    await row(page, 'Actions').getByRole('button', { name: 'Remove' }).click();
    await unlocked;
    await expect(current(page)).toHaveText('Current Comparison (0/3)');
    await expect(page.getByRole('heading', { name: 'No Products Selected' })).toBeVisible();
    await expect(page).toHaveURL(/\/comparison$/);
  });

  test('URL rules: another category is refused with "Cannot Add Product"; an unknown id fails to load', async ({ page, request }) => {
    const [phone] = await threeElectronics(request);
    const dress = await apparelProduct(request);
    await page.goto(`/comparison?products=${phone.id},${dress.id}`);
    await expectToast(page, 'Cannot Add Product', 'Only products of the same category can be compared');
    await expect(current(page)).toHaveText('Current Comparison (1/3)');
    await expect(page).toHaveURL(new RegExp(`/comparison\\?products=${phone.id}$`));

    await page.goto('/comparison?products=987654321');
    await expectToast(page, 'Error', 'Failed to load products for comparison.');
    await expect(page).toHaveURL(/\/comparison$/);
    await expect(page.getByRole('heading', { name: 'No Products Selected' })).toBeVisible();
  });

  test('each rule shows as the "Cannot Add" reason of a candidate', async ({ page, request }) => {
    const [phone, other] = await threeElectronics(request);
    const dress = await apparelProduct(request);
    // A server that offers back the compared product and another category's product: the page still applies the rules.
    // (The browser app's own fetch, after a link: a first view comes with its candidates from the server.)
    await openComparisonInApp(page, phone, () =>
      page.route('**/api/products/category/**', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify([phone, dress, other]) })),
    );
    await expect(candidates(page)).toHaveCount(3);
    await expect(candidate(page, phone.name).getByRole('button', { name: 'Cannot Add' })).toBeDisabled();
    await expect(candidate(page, phone.name)).toContainText('Product already added');
    await expect(candidate(page, dress.name).getByRole('button', { name: 'Cannot Add' })).toBeDisabled();
    await expect(candidate(page, dress.name)).toContainText('Only products of the same category can be compared');
    await expect(candidate(page, other.name).getByRole('button', { name: 'Add to Compare' })).toBeEnabled();
  });

  test('candidate failures and the "No More Products Available" state', async ({ page, request }) => {
    const [phone] = await threeElectronics(request);
    await openComparisonInApp(page, null, () =>
      page.route('**/api/products/all**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })),
    );
    await expectToast(page, 'Error', 'Failed to load available products.');
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

    await openComparisonInApp(page, phone, () =>
      page.route('**/api/products/category/**', (route) => route.fulfill({ contentType: 'application/json', body: '[]' })),
    );
    await expect(page.getByRole('heading', { name: 'No More Products Available' })).toBeVisible();
  });
});

test.describe('comparison: saving and loading', () => {
  test('signed out: Save asks to log in, and the Saved tab says "Authentication Required"', async ({ page, request }) => {
    const [a, b] = await threeElectronics(request);
    await page.goto(`/comparison?products=${a.id},${b.id}`);
    await page.getByRole('button', { name: 'Save Comparison' }).click();
    await expectToast(page, 'Authentication Required', 'Please log in to save comparisons.');

    await page.getByRole('tab', { name: 'Saved Comparisons' }).click();
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(page.getByText('Please log in to view your saved comparisons')).toBeVisible();
  });

  test('signed in: empty Saved tab, a failed save, then Save, the saved card, and Load Comparison', async ({ page, request }) => {
    const { token, headers } = await newSession(request);
    const products = await threeElectronics(request);
    const dress = await apparelProduct(request);
    await signInWithToken(page, token);

    await page.goto('/comparison');
    await page.getByRole('tab', { name: 'Saved Comparisons' }).click();
    await expect(page.getByRole('heading', { name: 'No Saved Comparisons' })).toBeVisible();

    await page.goto(`/comparison?products=${ids(products)}`);
    await expect(current(page)).toHaveText('Current Comparison (3/3)');
    await page.route('**/api/comparisons', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save Comparison' }).click();
    await expectToast(page, 'Error', 'Failed to save comparison. Please try again.');
    await page.unroute('**/api/comparisons');

    const saveRequest = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/comparisons');
    await page.getByRole('button', { name: 'Save Comparison' }).click();
    expect((await saveRequest).postDataJSON()).toEqual({ name: 'electronics Comparison', productIds: products.map((p) => p.id) });
    await expect(toast(page, 'Comparison Saved')).toBeVisible();
    const saved = (await (await request.get('/api/comparisons', { headers })).json()) as { name: string; productIds: number[]; createdAt: string }[];
    expect(saved).toHaveLength(1);
    expect(saved[0]?.productIds).toEqual(products.map((p) => p.id));

    // Somewhere else entirely, then load the saved set back.
    await page.goto(`/comparison?products=${dress.id}`);
    await expect(current(page)).toHaveText('Current Comparison (1/3)');
    await page.getByRole('tab', { name: 'Saved Comparisons' }).click();
    const card = page.getByRole('article', { name: 'electronics Comparison' });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Saved on \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await expect(card.locator('time')).toHaveAttribute('datetime', saved[0]?.createdAt ?? '');
    await expect(card.getByText(products[0].name, { exact: true })).toBeVisible();
    await expect(card.getByText(products[1].name, { exact: true })).toBeVisible();
    await expect(card.getByText(products[2].name, { exact: true })).toHaveCount(0);
    await expect(card.getByText('+1 more')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/comparison-saved-desktop.png' });

    await card.getByRole('button', { name: 'Load Comparison' }).click();
    await expect(page.getByRole('tab', { name: 'Compare Products' })).toHaveAttribute('aria-selected', 'true');
    await expect(current(page)).toHaveText('Current Comparison (3/3)');
    await expect(page).toHaveURL(new RegExp(`/comparison\\?products=${ids(products)}$`));
    await expect(page.getByText('Category', { exact: true }).locator('..')).toContainText('Electronics');
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
  });
});

test.describe('comparison screenshots', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    test(`comparison at ${name} width has no horizontal page overflow`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const products = await threeElectronics(request);
      await page.goto(`/comparison?products=${ids(products.slice(0, 2))}`);
      await expect(current(page)).toHaveText('Current Comparison (2/3)');
      await expect(candidates(page).first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await delay(400);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screenshots/comparison-${name}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.goto('/comparison');
      await expect(page.getByRole('heading', { name: 'No Products Selected' })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/comparison-empty-${name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
