import { type APIRequestContext, expect, type Page, test } from './fixtures/test';

const TOKEN_KEY = 'bachat.token';

type Product = { id: number; name: string; currentPrice: number };

let serial = 0;
async function signedUpToken(request: APIRequestContext): Promise<string> {
  const id = `nt${Date.now().toString(36)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: id, firstName: 'Meera', lastName: 'Iyer', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  return ((await login.json()) as { access_token: string }).access_token;
}

async function someProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const response = await request.get(`/api/products/all?pageSize=${count}`);
  const products = ((await response.json()) as { items: Product[] }).items.filter((p) => p.currentPrice > 0);
  expect(products.length).toBeGreaterThanOrEqual(count);
  return products.slice(0, count);
}

/** An alert whose target is already at or above the price: it triggers as soon as it is created. */
async function reachedAlert(request: APIRequestContext, token: string, product: Product) {
  const response = await request.post('/api/price-alerts', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: product.id, targetPrice: Math.ceil(product.currentPrice) + 1 },
  });
  expect(response.status()).toBe(201);
}

async function signIn(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/');
}

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);

test.describe('alert notifications', () => {
  test('a triggered alert shows as unread in the header and on Price Tracking, and can be marked read', async ({ page, request }) => {
    const token = await signedUpToken(request);
    const [product] = await someProducts(request, 1);
    if (!product) throw new Error('no product');
    await reachedAlert(request, token, product);

    await signIn(page, token);
    const header = page.locator('header');
    const icon = header.getByRole('link', { name: 'Price Tracking, 1 unread' });
    await expect(icon).toBeVisible();
    await expect(icon.getByTestId('unread-badge')).toHaveText('1');

    await icon.click();
    await expect(page).toHaveURL(/\/price-tracking$/);
    const panel = page.getByTestId('notifications-panel');
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const title = `Price alert: ${product.name} is now ${rupees(product.currentPrice)}`;
    const item = panel.getByTestId('notification').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(item.getByRole('link', { name: 'View product' })).toHaveAttribute('href', `/product/${product.id}`);

    await item.getByRole('button', { name: `Mark "${title}" as read` }).click();
    await expect(item).toHaveAttribute('data-unread', 'false');
    await expect(header.getByRole('link', { name: /unread/ })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // Still read after a reload: the server kept it.
    await page.reload();
    await expect(page.getByTestId('notification').filter({ hasText: title })).toHaveAttribute('data-unread', 'false');
    await expect(page.locator('header').getByRole('link', { name: /unread/ })).toHaveCount(0);
  });

  test('mark all as read clears every unread notification and the header count', async ({ page, request }) => {
    const token = await signedUpToken(request);
    for (const product of await someProducts(request, 2)) await reachedAlert(request, token, product);

    await signIn(page, token);
    await page.locator('header').getByRole('link', { name: 'Price Tracking, 2 unread' }).click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel.locator('[data-testid="notification"][data-unread="true"]')).toHaveCount(2);
    await expect(panel.getByText('2 unread')).toBeVisible();

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(panel.locator('[data-testid="notification"][data-unread="true"]')).toHaveCount(0);
    await expect(page.locator('header').getByRole('link', { name: /unread/ })).toHaveCount(0);
  });

  test('signed out, there is no notification count to see', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('header').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: /unread/ })).toHaveCount(0);
  });
});
