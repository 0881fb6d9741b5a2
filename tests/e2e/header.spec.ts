import { expect, test } from './fixtures/test';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES, friendlyName } from '@/shared/catalog';

test.describe('header', () => {
  test('is sticky with the logo, menus, Price Tracking, search box and Sign In', async ({ page }) => {
    await page.goto('/price-tracking');
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('position', 'sticky');
    await expect(page.getByRole('link', { name: 'Bachat home' })).toHaveAttribute('href', '/');
    await expect(page.getByPlaceholder('Search products...').first()).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Price Tracking' })).toHaveAttribute('href', '/price-tracking');
    await page.mouse.wheel(0, 2000);
    await expect(header).toBeInViewport();
  });

  test('Electronics menu lists the 9 subcategories and navigates', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Electronics' }).click();
    const menu = page.getByRole('menu');
    for (const slug of ELECTRONICS_SUBCATEGORIES) {
      await expect(menu.getByRole('menuitem', { name: friendlyName(slug), exact: true })).toHaveAttribute('href', `/products/electronics/${slug}`);
    }
    await menu.getByRole('menuitem', { name: 'Mobiles', exact: true }).click();
    await expect(page).toHaveURL(/\/products\/electronics\/mobiles$/);
  });

  test('Apparels menu has both groups with their slugs', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Apparels' }).click();
    const menu = page.getByRole('menu');
    for (const group of APPAREL_GROUPS) {
      await expect(menu.getByText(friendlyName(group.slug), { exact: true })).toBeVisible();
      for (const slug of group.children) {
        await expect(menu.locator(`a[href="/products/apparels/${group.slug}/${slug}"]`)).toHaveCount(1);
      }
    }
    await menu.locator('a[href="/products/apparels/indian-fusion-wear/sarees"]').click();
    await expect(page).toHaveURL(/\/products\/apparels\/indian-fusion-wear\/sarees$/);
  });

  test('the mobile menu repeats the navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog.getByPlaceholder('Search products...')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(dialog.locator('a[href="/products/electronics/tablets"]')).toBeVisible();
    await expect(dialog.locator('a[href="/products/apparels/western-wear/jeans"]')).toHaveCount(1);
    await dialog.getByRole('link', { name: 'Price Tracking' }).click();
    await expect(page).toHaveURL(/\/price-tracking$/);
    await expect(dialog).toBeHidden();
  });

  test('the currency switch shows dollars and remembers the choice', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: '$ USD' }).click();
    await expect(page.getByRole('combobox', { name: 'Currency' })).toContainText('$');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Currency' })).toContainText('$');
    expect(await page.evaluate(() => localStorage.getItem('bachat.currency'))).toBe('USD');
  });
});
