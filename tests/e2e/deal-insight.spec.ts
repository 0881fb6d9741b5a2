import { type APIRequestContext, expect, type Page, test } from './fixtures/test';
import type { PriceAlert } from '@/shared/contracts/account';
import type { Product } from '@/shared/contracts/product';
import { openProductInApp } from './client-navigation';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/**
 * Opens product 1 served with a given price story, so the verdict does not depend on the seed's random walk. The
 * changed product reaches the browser app on a client-side visit (from search results): a first load is rendered
 * by the server from the real product.
 */
async function withProduct(page: Page, request: APIRequestContext, change: (product: Product) => Product) {
  const real = (await (await request.get('/api/products/1')).json()) as Product;
  await openProductInApp(page, real, () =>
    page.route(/\/api\/products\/1$/, async (route) => {
      const response = await route.fetch();
      const product = (await response.json()) as Product;
      await route.fulfill({ response, json: change(product) });
    }),
  );
}

test.describe('deal insight on the product page', () => {
  test('shows lowest, median and highest, and says when today is the lowest price in 90 days', async ({ page, request }) => {
    await withProduct(page, request, (p) => ({
      ...p,
      currentPrice: 9000,
      originalPrice: 12000,
      priceHistory: [
        { price: 11000, date: daysAgo(95) },
        { price: 10500, date: daysAgo(60) },
        { price: 12000, date: daysAgo(30) },
        { price: 9000, date: daysAgo(2) },
      ],
    }));
    const card = page.getByRole('region', { name: 'Deal insight' });
    await expect(card.getByTestId('deal-verdict')).toHaveText('Lowest price in 90 days');
    await expect(card.getByText('Lowest ever')).toBeVisible();
    await expect(card.getByText('90-day median')).toBeVisible();
    await expect(card.getByText('Highest')).toBeVisible();
    await expect(card).toContainText('₹9,000');
    await expect(card).toContainText('₹12,000');
    await expect(card.getByTestId('fake-sale-warning')).toHaveCount(0);
  });

  test('warns about a "discount" that follows a recent price rise, and says to wait', async ({ page, request }) => {
    await withProduct(page, request, (p) => ({
      ...p,
      currentPrice: 12500,
      originalPrice: 15000,
      priceHistory: [
        { price: 10000, date: daysAgo(90) },
        { price: 10000, date: daysAgo(20) },
        { price: 15000, date: daysAgo(7) },
        { price: 12500, date: daysAgo(1) },
      ],
    }));
    const card = page.getByRole('region', { name: 'Deal insight' });
    await expect(card.getByTestId('deal-verdict')).toHaveText('Wait: price is higher than usual');
    await expect(card.getByTestId('fake-sale-warning')).toBeVisible();
  });
});

test.describe('back in stock', () => {
  test('an out-of-stock product offers "Notify me when back in stock", which creates a back-in-stock alert', async ({ page, request }) => {
    const id = `bis${Date.now().toString(36)}`;
    const user = { username: id, firstName: 'Ira', lastName: 'Das', email: `${id}@example.in`, password: 'secret123' };
    expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
    const { access_token } = (await (await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).json()) as { access_token: string };
    await page.addInitScript((token) => localStorage.setItem('bachat.token', token), access_token);
    await withProduct(page, request, (p) => ({ ...p, inStock: false, stockQuantity: 0, offers: p.offers.map((o) => ({ ...o, inStock: false })) }));

    await page.getByRole('button', { name: 'Notify me when back in stock' }).click();
    await expect(page.getByText('Back-in-stock alert set')).toBeVisible();
    await expect(page.getByRole('button', { name: "We'll notify you" })).toBeDisabled();
    const alerts = (await (await request.get('/api/price-alerts', { headers: { authorization: `Bearer ${access_token}` } })).json()) as PriceAlert[];
    expect(alerts.map((a) => [a.productId, a.kind, a.isActive])).toEqual([[1, 'back-in-stock', true]]);

    // Price Tracking lists it apart from the price alerts (which stay at 0), and it can be removed there.
    await page.unrouteAll({ behavior: 'wait' });
    await page.goto('/price-tracking');
    await expect(page.getByRole('tab', { name: 'Price Alerts (0/0)' })).toBeVisible();
    const section = page.getByRole('region', { name: /Back-in-stock alerts/ });
    await expect(section.getByRole('heading', { name: 'Back-in-stock alerts (1)' })).toBeVisible();
    await expect(section.getByRole('link', { name: alerts[0]?.product.name ?? '' })).toBeVisible();
    await expect(section.getByText('Back in stock')).toBeVisible(); // the real product is in stock
    await section.getByRole('button', { name: `Remove back-in-stock alert for ${alerts[0]?.product.name}` }).click();
    await expect(page.getByText('Price alert has been removed successfully.')).toBeVisible();
    await expect(section).toBeHidden();
  });

  test('an in-stock product shows no back-in-stock button', async ({ page, request }) => {
    await withProduct(page, request, (p) => ({ ...p, inStock: true }));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notify me when back in stock' })).toHaveCount(0);
  });
});
