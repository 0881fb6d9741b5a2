import { type APIRequestContext, expect, type Page, test } from './fixtures/test';
import type { ProductPage } from '@/shared/contracts/product';
import type { SearchSuggestion } from '@/shared/contracts/search';
import { waitForApp } from './client-navigation';

const box = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
const listbox = (page: Page) => page.getByRole('banner').getByRole('listbox', { name: 'Search suggestions' });
const cards = (page: Page) => page.locator('main article[data-product-id]');

async function suggestions(request: APIRequestContext, q: string): Promise<SearchSuggestion[]> {
  return (await (await request.get(`/api/search/suggest?q=${encodeURIComponent(q)}`)).json()) as SearchSuggestion[];
}
async function searchTotal(request: APIRequestContext, query: string): Promise<number> {
  return ((await (await request.get(`/api/products?${query}`)).json()) as ProductPage).total;
}
async function shownPrices(page: Page): Promise<number[]> {
  return page.locator('main article [data-price="current"]').evaluateAll((nodes) => nodes.map((n) => Number((n.textContent ?? '').replace(/[^\d.]/g, ''))));
}

test.describe('search', () => {
  test('the search box is an ARIA combobox with suggestions while typing, tolerant of typos', async ({ page, request }) => {
    const expected = await suggestions(request, 'samsng');
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.every((s) => s.brand === 'Samsung')).toBe(true);
    await page.goto('/');
    // Typing goes to the app's search box: wait until it runs (the server's HTML box has no handlers yet).
    await waitForApp(page);
    const input = box(page);
    await expect(input).toHaveAttribute('placeholder', 'Search products...');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await input.fill('samsng');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', (await listbox(page).getAttribute('id')) ?? 'missing');
    const options = listbox(page).getByRole('option');
    await expect(options).toHaveCount(expected.length + 1);
    for (const [i, s] of expected.entries()) await expect(options.nth(i)).toContainText(s.name);
    await expect(options.last()).toHaveText('See all results for “samsng”');

    await input.fill('iphne');
    await expect(listbox(page).getByRole('option', { name: /Apple iPhone 16/ }).first()).toBeVisible();
  });

  test('keyboard: ArrowDown/ArrowUp move the highlight, Enter opens it, Escape closes the list', async ({ page, request }) => {
    const [first, second] = await suggestions(request, 'galaxy');
    if (!first || !second) throw new Error('needs two suggestions');
    await page.goto('/');
    // Typing goes to the app's search box: wait until it runs (the server's HTML box has no handlers yet).
    await waitForApp(page);
    const input = box(page);
    await input.fill('galaxy');
    const options = listbox(page).getByRole('option');
    await expect(options.first()).toContainText(first.name);
    await input.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? 'missing');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await input.press('Escape');
    await expect(listbox(page)).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await input.press('Escape');
    await expect(input).toHaveValue('');

    await input.fill('galaxy');
    await expect(options.first()).toContainText(first.name);
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${second.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.name);
  });

  test('a suggestion can be picked with the mouse', async ({ page, request }) => {
    const [first] = await suggestions(request, 'iphone');
    if (!first) throw new Error('no suggestion');
    await page.goto('/products/electronics');
    await box(page).fill('iphone');
    await listbox(page).getByRole('option', { name: new RegExp(first.name) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`));
  });

  test('suggestions are debounced: fast typing asks the server once or twice, not per letter', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/suggest')) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await page.goto('/');
    // Typing goes to the app's search box: wait until it runs (the server's HTML box has no handlers yet).
    await waitForApp(page);
    await box(page).pressSequentially('samsung', { delay: 30 });
    await expect(listbox(page).getByRole('option').first()).toContainText('Samsung');
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(asked.at(-1)).toBe('samsung');
  });

  test('Enter opens /search?q=… with the results, their count and typo tolerance', async ({ page, request }) => {
    const total = await searchTotal(request, 'q=samsng');
    expect(total).toBeGreaterThan(1);
    await page.goto('/');
    // Typing goes to the app's search box: wait until it runs (the server's HTML box has no handlers yet).
    await waitForApp(page);
    await box(page).fill('samsng');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=samsng$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “samsng”');
    await expect(page.getByTestId('result-count')).toHaveText(`${total} products found`);
    await expect(cards(page)).toHaveCount(Math.min(total, 24));
    const brands = await page.locator('main article [data-testid="brand"]').allTextContents();
    expect(brands.every((b) => b.trim() === 'Samsung')).toBe(true);
    await expect(box(page)).toHaveValue('samsng');
    await expect(listbox(page)).toBeHidden();
  });

  test('results have the listing controls: sort, price, grid/list and pagination', async ({ page, request }) => {
    const total = await searchTotal(request, 'q=amazon');
    expect(total).toBeGreaterThan(24);
    await page.goto('/search?q=amazon');
    await expect(page.getByTestId('result-count')).toHaveText(`${total} products found`);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: Low to High' }).click();
    await expect(page).toHaveURL(/q=amazon.*sort=price-low|sort=price-low.*q=amazon/);
    await expect(page.getByTestId('product-skeleton')).toHaveCount(0);
    await expect.poll(async () => {
      const prices = await shownPrices(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p);
    }).toBe(true);

    await page.getByRole('combobox', { name: 'Price range' }).click();
    await page.getByRole('option', { name: '₹4,150-8,300' }).click();
    await expect(page).toHaveURL(/price=50-100/);
    await expect(page.getByTestId('product-skeleton')).toHaveCount(0);
    const filtered = await searchTotal(request, 'q=amazon&price=50-100');
    await expect(page.getByTestId('result-count')).toHaveText(`${filtered} products found`);
    for (const price of await shownPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(4150);
      expect(price).toBeLessThan(8300);
    }

    await page.getByRole('radio', { name: 'List view' }).click();
    await expect(cards(page).first()).toHaveAttribute('data-view', 'list');

    await page.goto('/search?q=amazon');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await nav.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/q=amazon/);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('empty states: no match, and filters that leave nothing', async ({ page }) => {
    await page.goto('/search?q=zzzzqqqq');
    await expect(page.getByRole('heading', { name: 'No results for “zzzzqqqq”' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('0 products found');

    await page.goto('/search?q=kurta&price=1000%2B');
    await expect(page.getByRole('heading', { name: 'No products found matching your criteria' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/search\?q=kurta$/);
    await expect(cards(page).first()).toBeVisible();

    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
  });

  test('the search box in the mobile menu works too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // Typing goes to the app's search box: wait until it runs (the server's HTML box has no handlers yet).
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const input = menu.getByRole('combobox', { name: 'Search products' });
    await input.fill('iphne');
    await expect(menu.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toContainText('iPhone');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=iphne$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “iphne”');
  });
});
