import { type APIRequestContext, expect, type Page, test } from './fixtures/test';
import type { PriceAlert } from '@/shared/contracts/account';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { formatPrice } from '@/shared/money';

/** The product page's "Set Price Alert" modal (SPEC points 2, 5 and 8; DECISIONS 3). */

let userCounter = 0;

async function newUser(request: APIRequestContext): Promise<string> {
  userCounter += 1;
  const id = `${Date.now().toString(36)}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: `pad_${id}`, firstName: 'Arjun', lastName: 'Mehta', email: `pad_${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).ok()).toBeTruthy();
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  return ((await login.json()) as { access_token: string }).access_token;
}

async function aProduct(request: APIRequestContext): Promise<Product> {
  const page = (await (await request.get('/api/products/all?page=1&pageSize=5')).json()) as ProductPage;
  const product = page.items.find((p) => p.currentPrice > 100);
  if (!product) throw new Error('no product');
  return product;
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) }).first();
  await expect(toast.locator('[data-title]')).toHaveText(title);
  if (description !== undefined) await expect(toast.locator('[data-description]')).toHaveText(description);
}

async function openDialog(page: Page, product: Product) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Price Alert', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Price Alert' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Set Price Alert modal', () => {
  test('signed in: rupee target parsed as a decimal, Cancel, Set Alert creates the alert', async ({ page, request }) => {
    const token = await newUser(request);
    await page.addInitScript((value) => localStorage.setItem('bachat.token', value), token);
    const product = await aProduct(request);

    let dialog = await openDialog(page, product);
    await expect(dialog.getByText(product.name)).toBeVisible();
    await expect(dialog.getByText(formatPrice(product.currentPrice))).toBeVisible();
    const target = dialog.getByLabel('Target Price (₹)');
    await expect(target).toHaveAttribute('type', 'number');
    await expect(target).toHaveAttribute('step', '0.01');
    await expect(dialog.getByText('($)')).toHaveCount(0);

    await page.screenshot({ path: 'test-results/screenshots/price-alert-dialog-desktop.png', animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screenshots/price-alert-dialog-mobile.png', animations: 'disabled' });
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });

    await target.fill('1');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page, product);
    await expect(dialog.getByLabel('Target Price (₹)')).toHaveValue('');
    await dialog.getByLabel('Target Price (₹)').fill('12345.67');
    const post = page.waitForRequest((r) => r.url().endsWith('/api/price-alerts') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Set Alert' }).click();
    expect((await post).postDataJSON()).toEqual({ productId: product.id, targetPrice: 12345.67 });
    await expectToast(page, 'Price Alert Created');
    await expect(dialog).toBeHidden();

    const alerts = (await (await request.get('/api/price-alerts', { headers: { authorization: `Bearer ${token}` } })).json()) as PriceAlert[];
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ productId: product.id, targetPrice: 12345.67, isActive: true });

    await page.goto('/price-tracking');
    await expect(page.getByRole('article', { name: `Price alert for ${product.name}` }).getByTestId('alert-target-price')).toHaveText(
      formatPrice(12345.67),
    );
  });

  test('a server failure shows "Failed to create price alert."', async ({ page, request }) => {
    const token = await newUser(request);
    await page.addInitScript((value) => localStorage.setItem('bachat.token', value), token);
    const product = await aProduct(request);
    await page.route('**/api/price-alerts', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
    );
    const dialog = await openDialog(page, product);
    await dialog.getByLabel('Target Price (₹)').fill('999');
    await dialog.getByRole('button', { name: 'Set Alert' }).click();
    await expectToast(page, 'Error', 'Failed to create price alert.');
    await expect(dialog).toBeVisible();
  });

  test('signed out: asks to log in and sends nothing', async ({ page, request }) => {
    const product = await aProduct(request);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/price-alerts')) posts.push(r.url());
    });
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Price Alert', exact: true }).click();
    // The product page may ask right away or open the modal first; either way the same message shows.
    const dialog = page.getByRole('dialog', { name: 'Set Price Alert' });
    const signInToast = page.locator('[data-sonner-toast]').getByText('You need to be logged in to create price alerts.');
    await expect(dialog.or(signInToast).first()).toBeVisible();
    if (await dialog.isVisible()) {
      await dialog.getByLabel('Target Price (₹)').fill('999');
      await dialog.getByRole('button', { name: 'Set Alert' }).click();
    }
    await expect(signInToast).toBeVisible();
    expect(posts).toEqual([]);
  });
});
