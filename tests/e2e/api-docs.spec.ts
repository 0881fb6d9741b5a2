import { expect, test } from './fixtures/test';

test('the API documentation at /api/docs lists the operations, with no CSP violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Bachat API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/products/{id}' }).first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/price-alerts' }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
