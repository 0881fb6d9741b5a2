import { expect, test } from './fixtures/test';

test.describe('fallback screen', () => {
  test('a screen that fails to render shows "Something went wrong" with Try Again and Go Home', async ({ page }) => {
    // Break the wishlist screen's code as it loads: the router's error boundary must catch it.
    await page.route(/\/assets\/wishlist-page-[^/]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken screen")' }),
    );
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('We encountered an unexpected error. Please try again or return to the home page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  });

  test('an unknown page says so and links home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});
