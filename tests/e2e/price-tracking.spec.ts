import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures/test';
import { ALERT_STATUS_TEXT, type AlertStatus, alertProgress, alertStatus, potentialSavings } from '@/shared/alert-status';
import type { PriceAlert } from '@/shared/contracts/account';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { lastPriceMove } from '@/shared/deal-insight';
import { formatPrice, quickAlertTarget, roundRupees2, showOriginalPrice, toDecimalString } from '@/shared/money';

/* ------------------------------------------------------------------ helpers */

let userCounter = 0;

/** A fresh user per test (signup + login through the API); returns the bearer token. */
async function newUser(request: APIRequestContext): Promise<string> {
  userCounter += 1;
  const id = `${Date.now().toString(36)}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: `pt_${id}`, firstName: 'Priya', lastName: 'Sharma', email: `pt_${id}@example.in`, password: 'secret123' };
  const signup = await request.post('/api/auth/signup', { data: user });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBeTruthy();
  return ((await login.json()) as { access_token: string }).access_token;
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('bachat.token', value), token);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The page of products the Price Tracking screen loads (its dropdown and trends). */
async function firstProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products/all?page=1&pageSize=50');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as ProductPage).items;
}

async function productById(request: APIRequestContext, id: number): Promise<Product> {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as Product;
}

async function createAlert(request: APIRequestContext, token: string, productId: number, targetPrice: number): Promise<PriceAlert> {
  const response = await request.post('/api/price-alerts', { headers: auth(token), data: { productId, targetPrice } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PriceAlert;
}

async function listAlerts(request: APIRequestContext, token: string): Promise<PriceAlert[]> {
  const response = await request.get('/api/price-alerts', { headers: auth(token) });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as PriceAlert[];
}

/** Targets relative to the product's current price (GET /products/:id) for each status of the SPEC 4 table. */
function targetFor(status: AlertStatus, current: number): number {
  if (status === 'triggered') return current; // exactly 100%: current <= target
  if (status === 'close') return roundRupees2(current / 1.05); // current is 105% of target
  return roundRupees2(current * 0.6); // current is ~167% of target
}

/** Three products with distinct names and a price above ₹100, from the page the screen loads. */
async function threeProducts(request: APIRequestContext): Promise<[Product, Product, Product]> {
  const picked: Product[] = [];
  for (const item of await firstProducts(request)) {
    if (item.currentPrice > 100 && picked.every((p) => p.name !== item.name)) picked.push(item);
    if (picked.length === 3) break;
  }
  const [a, b, c] = picked;
  if (!a || !b || !c) throw new Error('the demo catalogue needs 3 products');
  return [await productById(request, a.id), await productById(request, b.id), await productById(request, c.id)];
}

const alertCard = (page: Page, name: string) => page.getByRole('article', { name: `Price alert for ${name}` });
const alertCards = (page: Page) => page.getByTestId('price-alert-card');

/** Sonner shows one toast at a time; check its title (exact) and description. */
async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) }).first();
  await expect(toast.locator('[data-title]')).toHaveText(title);
  if (description !== undefined) await expect(toast.locator('[data-description]')).toHaveText(description);
}

async function gotoTracking(page: Page) {
  await page.goto('/price-tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Price Tracking' })).toBeVisible();
}

async function progressPercent(card: Locator): Promise<number> {
  return card.locator('[data-slot="progress"]').evaluate((root) => {
    const indicator = root.querySelector('[data-slot="progress-indicator"]');
    if (!indicator) return -1;
    return (Number.parseFloat(getComputedStyle(indicator).width) / Number.parseFloat(getComputedStyle(root).width)) * 100;
  });
}

async function chooseStatus(page: Page, label: 'All' | 'Active Only' | 'Inactive Only' | 'Triggered Only') {
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveText(label);
}

/* -------------------------------------------------------------------- tests */

test.describe('Price Tracking', () => {
  test('signed out: asks to sign in and opens the sign-in dialog', async ({ page }) => {
    await page.goto('/price-tracking');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await expect(page.getByText('You need to be logged in to access Price Tracking.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In to Continue' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  test('loads alerts and products in parallel behind a spinner; no alerts yet → Create Alert; create with validation', async ({
    page,
    request,
  }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [product] = await threeProducts(request);

    // Hold both responses so the spinner is visible and both requests are shown to be in flight together.
    const inFlight = new Set<string>();
    const urls: string[] = [];
    let bothInFlight = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = (key: string) => async (route: import('@playwright/test').Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      inFlight.add(key);
      urls.push(route.request().url());
      if (inFlight.size === 2) bothInFlight = true;
      await held;
      await route.fallback();
    };
    await page.route('**/api/price-alerts', hold('alerts'));
    await page.route('**/api/products/all?*', hold('products'));
    await page.goto('/price-tracking');
    await expect(page.getByRole('status', { name: 'Loading price alerts' })).toBeVisible();
    await expect.poll(() => bothInFlight).toBe(true);
    release();
    // Not the whole catalogue: one page of 50 for the dropdown (it searches the server for the rest) and trends.
    const productsUrl = urls.find((url) => url.includes('/api/products/all'));
    expect(new URL(productsUrl ?? 'http://x/').searchParams.get('pageSize')).toBe('50');
    await page.unrouteAll({ behavior: 'wait' });

    await expect(page.getByRole('status', { name: 'Loading price alerts' })).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Price Alerts (0/0)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Price Trends' })).toBeVisible();
    for (const [card, value] of [
      ['total-alerts', '0'],
      ['active-alerts', '0'],
      ['target-reached', '0'],
      ['total-savings', '₹0'],
    ] as const) {
      await expect(page.getByTestId(`summary-${card}`)).toHaveText(value);
    }
    await expect(page.getByRole('heading', { name: 'No price alerts yet' })).toBeVisible();

    // The empty state's Create Alert opens the form.
    await page.getByRole('button', { name: 'Create Alert', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create New Alert' });
    await expect(page.getByRole('heading', { name: 'Create New Alert' })).toBeVisible();
    const target = form.getByLabel('Target Price (₹)');
    await expect(target).toHaveAttribute('type', 'number');
    await expect(target).toHaveAttribute('step', '0.01');
    await expect(form.getByText('($)')).toHaveCount(0);

    // Nothing chosen → Missing Information.
    await form.getByRole('button', { name: 'Create Alert', exact: true }).click();
    await expectToast(page, 'Missing Information', 'Please select a product and set a target price.');

    // The dropdown lists names with current prices and searches the server.
    await form.getByRole('combobox', { name: 'Product', exact: true }).click();
    const listbox = page.getByRole('listbox', { name: 'Products' });
    await expect(listbox.getByRole('option')).toHaveCount(50);
    const searchTerm = product.name.split(' ').slice(0, 2).join(' ');
    const searchRequest = page.waitForRequest((r) => r.url().includes('/api/products?') && r.url().includes('q='));
    await page.getByRole('searchbox', { name: 'Search products by name' }).fill(searchTerm);
    await searchRequest;
    const option = listbox.getByRole('option').filter({ hasText: product.name }).first();
    await expect(option).toContainText(formatPrice(product.currentPrice));
    await option.click();
    await expect(form.getByRole('combobox', { name: 'Product', exact: true })).toContainText(product.name);
    await expect(form.getByRole('combobox', { name: 'Product', exact: true })).toContainText(formatPrice(product.currentPrice));

    // Product but no target → Missing Information again.
    await form.getByRole('button', { name: 'Create Alert', exact: true }).click();
    await expectToast(page, 'Missing Information', 'Please select a product and set a target price.');

    // A server failure → the page's message.
    await page.route('**/api/price-alerts', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await target.fill('1234.56');
    await form.getByRole('button', { name: 'Create Alert', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to create price alert. Please try again.');
    await page.unrouteAll({ behavior: 'wait' });

    // Success → toast, list reloaded from the server, form closed.
    const reload = page.waitForResponse((r) => r.url().endsWith('/api/price-alerts') && r.request().method() === 'GET');
    await form.getByRole('button', { name: 'Create Alert', exact: true }).click();
    await expectToast(page, 'Price Alert Created');
    await reload;
    await expect(page.getByRole('form', { name: 'Create New Alert' })).toBeHidden();
    await expect(alertCard(page, product.name)).toBeVisible();
    await expect(alertCard(page, product.name).getByTestId('alert-target-price')).toHaveText(formatPrice(1234.56));
    await expect(page.getByRole('tab', { name: 'Price Alerts (1/1)' })).toBeVisible();
    const [saved] = await listAlerts(request, token);
    expect(saved?.targetPrice).toBe(1234.56);
    expect(saved?.productId).toBe(product.id);
  });

  test('each status shows its texts, badges, prices, savings and a progress bar as wide as the formula', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const products = await threeProducts(request);
    const statuses: AlertStatus[] = ['triggered', 'close', 'waiting'];
    const cases = statuses.map((status, i) => {
      const product = products[i] as Product;
      return { status, product, target: targetFor(status, product.currentPrice) };
    });
    for (const c of cases) {
      expect(alertStatus(c.product.currentPrice, c.target)).toBe(c.status);
      await createAlert(request, token, c.product.id, c.target);
    }

    await gotoTracking(page);
    await expect(alertCards(page)).toHaveCount(3);
    for (const c of cases) {
      const card = alertCard(page, c.product.name);
      const text = ALERT_STATUS_TEXT[c.status];
      await expect(card).toHaveAttribute('data-status', c.status);
      await expect(card.getByText(text.message, { exact: true })).toBeVisible();
      for (const badge of text.badges) await expect(card.locator('[data-slot="badge"]', { hasText: badge })).toHaveText(badge);
      await expect(card.locator('[data-slot="badge"]')).toHaveCount(text.badges.length);
      await expect(card.getByText(c.product.store, { exact: true })).toBeVisible();
      await expect(card.getByRole('img')).toHaveCount(0); // decorative image, alt=""
      await expect(card.locator('img')).toHaveAttribute('src', c.product.image);
      await expect(card.getByText(/^Created /)).toBeVisible();
      await expect(card.getByText(/^Updated /)).toHaveCount(0);
      await expect(card.getByTestId('alert-current-price')).toHaveText(formatPrice(c.product.currentPrice));
      await expect(card.getByTestId('alert-target-price')).toHaveText(formatPrice(c.target));
      const savings = potentialSavings(c.product.currentPrice, c.target);
      await expect(card.getByTestId('alert-savings')).toHaveText(`${formatPrice(savings.amount)}${savings.percent}% off`);
      const expected = alertProgress(c.product.currentPrice, c.target);
      await expect.poll(() => progressPercent(card)).toBeCloseTo(expected, 1);
      await expect(card.getByRole('switch', { name: 'Active' })).toBeChecked();
    }
    // Sanity: the three widths differ as the statuses do (0 at the target, more the further away).
    expect(alertProgress(products[0].currentPrice, cases[0]!.target)).toBe(0);
    expect(alertProgress(products[2].currentPrice, cases[2]!.target)).toBeCloseTo(80, 0);

    const totalSavings = cases.reduce((sum, c) => sum + potentialSavings(c.product.currentPrice, c.target).amount, 0);
    await expect(page.getByTestId('summary-total-alerts')).toHaveText('3');
    await expect(page.getByTestId('summary-active-alerts')).toHaveText('3');
    await expect(page.getByTestId('summary-target-reached')).toHaveText('1');
    await expect(page.getByTestId('summary-total-savings')).toHaveText(formatPrice(totalSavings));
  });

  test('search by product name or store, every status filter, no-match empty state and Clear Filters', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [triggered, close, waiting] = await threeProducts(request);
    await createAlert(request, token, triggered.id, targetFor('triggered', triggered.currentPrice));
    const closeAlert = await createAlert(request, token, close.id, targetFor('close', close.currentPrice));
    await createAlert(request, token, waiting.id, targetFor('waiting', waiting.currentPrice));
    const put = await request.put(`/api/price-alerts/${closeAlert.id}`, { headers: auth(token), data: { isActive: false } });
    expect(put.ok()).toBeTruthy();

    await gotoTracking(page);
    await expect(alertCards(page)).toHaveCount(3);
    await expect(page.getByRole('tab', { name: 'Price Alerts (3/3)' })).toBeVisible();
    await expect(page.getByTestId('summary-active-alerts')).toHaveText('2');

    const visibleNames = async () => (await alertCards(page).locator('h3').allTextContents()).sort();
    const names = (...products: Product[]) => products.map((p) => p.name).sort();
    const all = [triggered, close, waiting];
    const search = page.getByRole('searchbox', { name: 'Search alerts' });

    // By product name (case-insensitive).
    const nameTerm = waiting.name.split(' ').slice(0, 3).join(' ');
    await search.fill(nameTerm.toUpperCase());
    const byName = all.filter((p) => p.name.toLowerCase().includes(nameTerm.toLowerCase()) || p.store.toLowerCase().includes(nameTerm.toLowerCase()));
    await expect.poll(visibleNames).toEqual(names(...byName));
    await expect(page.getByRole('tab', { name: `Price Alerts (${byName.length}/3)` })).toBeVisible();

    // By store.
    await search.fill(close.store.toLowerCase());
    const byStore = all.filter((p) => p.store.toLowerCase().includes(close.store.toLowerCase()) || p.name.toLowerCase().includes(close.store.toLowerCase()));
    await expect.poll(visibleNames).toEqual(names(...byStore));
    await search.fill('');

    await chooseStatus(page, 'Active Only');
    await expect.poll(visibleNames).toEqual(names(triggered, waiting));
    await expect(page.getByRole('tab', { name: 'Price Alerts (2/3)' })).toBeVisible();
    await chooseStatus(page, 'Inactive Only');
    await expect.poll(visibleNames).toEqual(names(close));
    await chooseStatus(page, 'Triggered Only');
    await expect.poll(visibleNames).toEqual(names(triggered));
    await expect(page.getByRole('tab', { name: 'Price Alerts (1/3)' })).toBeVisible();
    await chooseStatus(page, 'All');
    await expect.poll(visibleNames).toEqual(names(...all));

    // Search and status combine; nothing matches → empty state; Clear Filters resets both.
    await chooseStatus(page, 'Inactive Only');
    await search.fill(triggered.name);
    await expect(page.getByRole('heading', { name: 'No alerts match your filters' })).toBeVisible();
    await expect(alertCards(page)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Price Alerts (0/3)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveText('All');
    await expect(alertCards(page)).toHaveCount(3);
  });

  test('the Active switch deactivates and activates with toasts, reloading from the server; failure toast', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [product] = await threeProducts(request);
    await createAlert(request, token, product.id, targetFor('waiting', product.currentPrice));
    await gotoTracking(page);
    const card = alertCard(page, product.name);
    const toggle = card.getByRole('switch', { name: 'Active' });
    await expect(toggle).toBeChecked();

    const reload = page.waitForResponse((r) => r.url().endsWith('/api/price-alerts') && r.request().method() === 'GET');
    const putRequest = page.waitForRequest((r) => r.method() === 'PUT');
    await toggle.click();
    expect((await putRequest).postDataJSON()).toEqual({ isActive: false });
    await reload;
    await expectToast(page, 'Alert Updated', `Price alert for ${product.name} has been deactivated.`);
    await expect(toggle).not.toBeChecked();
    await expect(page.getByTestId('summary-active-alerts')).toHaveText('0');
    expect((await listAlerts(request, token))[0]?.isActive).toBe(false);

    await toggle.click();
    await expectToast(page, 'Alert Updated', `Price alert for ${product.name} has been activated.`);
    await expect(toggle).toBeChecked();
    expect((await listAlerts(request, token))[0]?.isActive).toBe(true);

    await page.route('**/api/price-alerts/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await toggle.click();
    await expectToast(page, 'Error', 'Failed to update alert status. Please try again.');
    await expect(toggle).toBeChecked();
  });

  test('Edit Price Alert: prefilled, empty target refused, Cancel, update target and Active, failure toast', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [product] = await threeProducts(request);
    const original = targetFor('waiting', product.currentPrice);
    await createAlert(request, token, product.id, original);
    await gotoTracking(page);
    const card = alertCard(page, product.name);

    await card.getByRole('button', { name: `Edit alert for ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Price Alert' });
    await expect(dialog).toBeVisible();
    const target = dialog.getByLabel('Target Price (₹)');
    await expect(target).toHaveValue(toDecimalString(original));
    await expect(target).toHaveAttribute('step', '0.01');
    await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();

    // Cancel changes nothing.
    await target.fill('1');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('alert-target-price')).toHaveText(formatPrice(original));

    await card.getByRole('button', { name: `Edit alert for ${product.name}` }).click();
    await expect(target).toHaveValue(toDecimalString(original));
    await target.fill('');
    await dialog.getByRole('button', { name: 'Update Alert' }).click();
    await expectToast(page, 'Missing Information', 'Please enter a target price.');
    await expect(dialog).toBeVisible();

    // A failure keeps the dialog open with the SPEC message.
    await page.route('**/api/price-alerts/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await target.fill('999.5');
    await dialog.getByRole('button', { name: 'Update Alert' }).click();
    await expectToast(page, 'Error', 'Failed to update price alert. Please try again.');
    await expect(dialog).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });

    // The new target reaches the target (triggered) and the alert is switched off.
    const newTarget = roundRupees2(product.currentPrice + 100.25);
    await target.fill(String(newTarget));
    await dialog.getByRole('switch', { name: 'Active' }).click();
    const putRequest = page.waitForRequest((r) => r.method() === 'PUT');
    const reload = page.waitForResponse((r) => r.url().endsWith('/api/price-alerts') && r.request().method() === 'GET');
    await dialog.getByRole('button', { name: 'Update Alert' }).click();
    expect((await putRequest).postDataJSON()).toEqual({ targetPrice: newTarget, isActive: false });
    await reload;
    await expectToast(page, 'Price Alert Updated');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('alert-target-price')).toHaveText(formatPrice(newTarget));
    await expect(card).toHaveAttribute('data-status', 'triggered');
    await expect(card.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await expect(card.getByText(/^Updated /)).toBeVisible();
    const [saved] = await listAlerts(request, token);
    expect(saved).toMatchObject({ targetPrice: newTarget, isActive: false });
  });

  test('delete: failure toast, then removed with Alert Deleted and back to the empty state', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [product] = await threeProducts(request);
    await createAlert(request, token, product.id, targetFor('close', product.currentPrice));
    await gotoTracking(page);
    const card = alertCard(page, product.name);
    const remove = card.getByRole('button', { name: `Delete alert for ${product.name}` });

    await page.route('**/api/price-alerts/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    await remove.click();
    await expectToast(page, 'Error', 'Failed to delete price alert. Please try again.');
    await expect(card).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });

    const reload = page.waitForResponse((r) => r.url().endsWith('/api/price-alerts') && r.request().method() === 'GET');
    await remove.click();
    await expectToast(page, 'Alert Deleted', 'Price alert has been removed successfully.');
    await reload;
    await expect(card).toBeHidden();
    await expect(page.getByRole('heading', { name: 'No price alerts yet' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Price Alerts (0/0)' })).toBeVisible();
    expect(await listAlerts(request, token)).toEqual([]);
  });

  test('Refresh reloads alerts and prices, resets the create form and shows Form Reset', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [first, second] = await threeProducts(request);
    await createAlert(request, token, first.id, targetFor('waiting', first.currentPrice));
    await gotoTracking(page);
    await expect(alertCards(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Create New Alert' }).click();
    const form = page.getByRole('form', { name: 'Create New Alert' });
    await form.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.getByRole('listbox', { name: 'Products' }).getByRole('option').filter({ hasText: second.name }).first().click();
    await form.getByLabel('Target Price (₹)').fill('500');

    // Someone (another tab) adds an alert: Refresh must show it.
    await createAlert(request, token, second.id, targetFor('close', second.currentPrice));
    const alertsReload = page.waitForResponse((r) => r.url().endsWith('/api/price-alerts') && r.request().method() === 'GET');
    const productsReload = page.waitForResponse((r) => r.url().includes('/api/products/all'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Form Reset', 'Please try creating the price alert again.');
    await Promise.all([alertsReload, productsReload]);
    await expect(alertCards(page)).toHaveCount(2);
    await expect(page.getByRole('form', { name: 'Create New Alert' })).toBeHidden();

    // The form starts empty again.
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await expect(form.getByRole('combobox', { name: 'Product', exact: true })).toHaveText('Select a product');
    await expect(form.getByLabel('Target Price (₹)')).toHaveValue('');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  });

  test('a load failure shows the error toast and a retry', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    let fail = true;
    await page.route('**/api/price-alerts', (route) =>
      fail ? route.fulfill({ status: 503, json: { detail: 'down' } }) : route.fallback(),
    );
    await page.goto('/price-tracking');
    await expectToast(page, 'Error', 'Failed to load price alerts and products. Please try again.');
    await expect(page.getByRole('alert').filter({ hasText: 'Server Error' })).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('tab', { name: 'Price Alerts (0/0)' })).toBeVisible();
  });

  test('Price Trends: first 6 products with prices, discount, last move, a lazy chart of 6 points with date tooltips', async ({
    page,
    request,
  }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const products = (await firstProducts(request)).slice(0, 6);
    const chartChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/price-history-chart[^/]*\.js$/.test(r.url())) chartChunks.push(r.url());
    });
    await gotoTracking(page);
    await expect(page.getByRole('tab', { name: /^Price Alerts/ })).toHaveAttribute('aria-selected', 'true');
    expect(chartChunks).toEqual([]); // Recharts is not loaded until the trends tab shows

    await page.getByRole('tab', { name: 'Price Trends' }).click();
    const cards = page.getByTestId('trend-card');
    await expect(cards).toHaveCount(6);
    await expect.poll(() => chartChunks.length).toBeGreaterThan(0);

    for (const [index, product] of products.entries()) {
      const card = cards.nth(index);
      await expect(card.locator('h3')).toHaveText(product.name);
      await expect(card.getByText(product.store, { exact: true })).toBeVisible();
      await expect(card.getByTestId('trend-current-price')).toHaveText(formatPrice(product.currentPrice));
      if (showOriginalPrice(product.originalPrice, product.currentPrice)) {
        await expect(card.getByTestId('trend-original-price')).toHaveText(formatPrice(product.originalPrice));
        await expect(card.getByTestId('trend-original-price')).toHaveCSS('text-decoration-line', 'line-through');
      } else {
        await expect(card.getByTestId('trend-original-price')).toHaveCount(0);
      }
      if (product.discount > 0) await expect(card.getByText(`${product.discount}% off`)).toBeVisible();
      const move = lastPriceMove(product.priceHistory);
      const moveLabel = card.getByTestId('price-move');
      await expect(moveLabel).toHaveAttribute('data-direction', move.direction);
      if (move.direction !== 'none') await expect(moveLabel).toContainText(formatPrice(move.amount));
      await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/product/${product.id}`);
      await expect(card.getByRole('button', { name: 'Set Alert' })).toBeVisible();
      const points = product.priceHistory.slice(-6);
      await expect(card.locator('.recharts-bar-rectangle')).toHaveCount(points.length);
    }

    // Hovering a bar shows its date and price.
    const product = products.find((p) => p.priceHistory.length >= 2) ?? products[0]!;
    const card = cards.nth(products.indexOf(product));
    const points = product.priceHistory.slice(-6);
    const bars = card.locator('.recharts-bar-rectangle');
    for (const index of [0, points.length - 1]) {
      const point = points[index]!;
      const expectedDate = await page.evaluate(
        (iso) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso)),
        point.date,
      );
      await bars.nth(index).hover();
      const tooltip = card.getByTestId('price-chart-tooltip');
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toContainText(expectedDate);
      await expect(tooltip).toContainText(formatPrice(point.price));
    }
  });

  test('Set Alert on a trend opens the create form prefilled with the product and 90% of its price', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const [product] = (await firstProducts(request)).slice(1, 2);
    if (!product) throw new Error('no products');
    await gotoTracking(page);
    await page.getByRole('tab', { name: 'Price Trends' }).click();
    await page.getByRole('article', { name: `Price trend for ${product.name}` }).getByRole('button', { name: 'Set Alert' }).click();

    await expect(page.getByRole('tab', { name: /^Price Alerts/ })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Create New Alert' });
    await expect(form).toBeInViewport();
    await expect(form.getByRole('combobox', { name: 'Product', exact: true })).toContainText(product.name);
    const expected = quickAlertTarget(product.currentPrice);
    await expect(form.getByLabel('Target Price (₹)')).toHaveValue(toDecimalString(expected));

    const post = page.waitForRequest((r) => r.url().endsWith('/api/price-alerts') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Create Alert', exact: true }).click();
    expect((await post).postDataJSON()).toEqual({ productId: product.id, targetPrice: expected });
    await expectToast(page, 'Price Alert Created');
    const card = alertCard(page, product.name);
    await expect(card.getByTestId('alert-target-price')).toHaveText(formatPrice(expected));
    await expect(card).toHaveAttribute('data-status', 'waiting');
  });

  test('screenshots: desktop 1366 and mobile 390 without horizontal overflow', async ({ page, request }) => {
    const token = await newUser(request);
    await signIn(page, token);
    const products = await threeProducts(request);
    const statuses: AlertStatus[] = ['triggered', 'close', 'waiting'];
    for (const [i, status] of statuses.entries()) {
      const product = products[i] as Product;
      await createAlert(request, token, product.id, targetFor(status, product.currentPrice));
    }
    const shoot = (name: string) => page.screenshot({ path: `test-results/screenshots/price-tracking-${name}.png`, fullPage: true, animations: 'disabled' });
    const noOverflow = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoTracking(page);
    await expect(alertCards(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await shoot('desktop-alerts');
    await noOverflow();
    await page.getByRole('combobox', { name: 'Product', exact: true }).click();
    await expect(page.getByRole('listbox', { name: 'Products' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/price-tracking-desktop-picker.png', animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Price Trends' }).click();
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.locator('.recharts-bar-rectangle').first().hover();
    await shoot('desktop-trends');
    await page.getByRole('tab', { name: /^Price Alerts/ }).click();
    await alertCards(page).first().getByRole('button', { name: /^Edit alert/ }).click();
    await page.screenshot({ path: 'test-results/screenshots/price-tracking-desktop-edit.png', animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await gotoTracking(page);
    await expect(alertCards(page)).toHaveCount(3);
    await noOverflow();
    await page.screenshot({ path: 'test-results/screenshots/price-tracking-mobile-top.png', animations: 'disabled' });
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await shoot('mobile-alerts');
    await noOverflow();
    await page.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.screenshot({ path: 'test-results/screenshots/price-tracking-mobile-picker.png', animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Price Trends' }).click();
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await shoot('mobile-trends');
    await noOverflow();
    await page.getByRole('tab', { name: /^Price Alerts/ }).click();
    await alertCards(page).first().getByRole('button', { name: /^Edit alert/ }).click();
    await page.screenshot({ path: 'test-results/screenshots/price-tracking-mobile-edit.png', animations: 'disabled' });
    await page.keyboard.press('Escape');

    // A new user with no alerts: the empty state.
    await signIn(page, await newUser(request));
    await gotoTracking(page);
    await expect(page.getByRole('heading', { name: 'No price alerts yet' })).toBeVisible();
    await noOverflow();
    await page.screenshot({ path: 'test-results/screenshots/price-tracking-mobile-empty.png', animations: 'disabled' });

    await page.evaluate(() => localStorage.removeItem('bachat.token'));
    await page.context().clearCookies();
    const signedOut = await page.context().newPage();
    await signedOut.setViewportSize({ width: 390, height: 844 });
    await signedOut.goto('/price-tracking');
    await expect(signedOut.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await signedOut.screenshot({ path: 'test-results/screenshots/price-tracking-mobile-signed-out.png', animations: 'disabled' });
  });
});
