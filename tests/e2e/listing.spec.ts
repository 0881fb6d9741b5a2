import { type APIRequestContext, expect, type Page, test } from './fixtures/test';
import { friendlyName, PRICE_RANGES, SORT_OPTIONS } from '@/shared/catalog';
import type { ProductPage } from '@/shared/contracts/product';
import { formatPrice } from '@/shared/money';
import { openListingInApp } from './client-navigation';

const cards = (page: Page) => page.locator('main article[data-product-id]');
const count = (page: Page) => page.getByTestId('result-count');

async function apiTotal(request: APIRequestContext, path: string): Promise<number> {
  return ((await (await request.get(`/api/products/browse/${path}`)).json()) as ProductPage).total;
}

async function shownPrices(page: Page): Promise<number[]> {
  return page.locator('main article [data-price="current"]').evaluateAll((nodes) => nodes.map((n) => Number((n.textContent ?? '').replace(/[^\d.]/g, ''))));
}
async function shownRatings(page: Page): Promise<number[]> {
  return page.locator('main article [data-slot="star-rating"]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-rating'))));
}
async function shownDiscounts(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((nodes) => nodes.map((n) => Number(n.querySelector('[data-discount]')?.getAttribute('data-discount') ?? 0)));
}
async function shownIds(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-product-id'))));
}

/** Skeletons gone: the cards on screen are the answer to the current URL. */
async function loaded(page: Page) {
  await expect(page.getByTestId('product-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('result-count')).toBeVisible();
}

async function choose(page: Page, control: 'Price range' | 'Sort by', option: string) {
  await page.getByRole('combobox', { name: control }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await loaded(page);
}

const isSorted = (values: number[], direction: 'asc' | 'desc') =>
  values.length > 1 &&
  values.every((value, i) => i === 0 || (direction === 'asc' ? (values[i - 1] ?? 0) <= value : (values[i - 1] ?? 0) >= value));

test.describe('category listing', () => {
  test('breadcrumb and title at the three depths', async ({ page }) => {
    await page.goto('/products/apparels/western-wear/dresses');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Apparels' })).toHaveAttribute('href', '/products/apparels');
    await expect(crumbs.getByRole('link', { name: 'Western Wear' })).toHaveAttribute('href', '/products/apparels/western-wear');
    await expect(crumbs.getByRole('link', { name: 'Dresses' })).toHaveAttribute('href', '/products/apparels/western-wear/dresses');
    await expect(crumbs.getByRole('link', { name: 'Dresses' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dresses');

    await crumbs.getByRole('link', { name: 'Western Wear' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(friendlyName('western-wear'));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveCount(3);

    await page.goto('/products/electronics/home-theater-tv-video');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Theater, TV & Video');
    await page.goto('/products/electronics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronics');
    await page.goto('/products/ladies-apparels');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Ladies' Apparels");
  });

  test('"N products found" is the server total; apparels is an alias of ladies-apparels', async ({ page, request }) => {
    await page.goto('/products/electronics/mobiles');
    const mobiles = await apiTotal(request, 'electronics/mobiles');
    await expect(count(page)).toHaveText(`${mobiles} products found`);
    await expect(cards(page)).toHaveCount(mobiles);
    await page.goto('/products/apparels');
    const apparels = await apiTotal(request, 'ladies-apparels');
    await expect(count(page)).toHaveText(`${apparels.toLocaleString('en-IN')} products found`);
    await page.goto('/products/ladies-apparels');
    await expect(count(page)).toHaveText(`${apparels.toLocaleString('en-IN')} products found`);
  });

  test('cards show image, name, wishlist heart, rating, review count, prices, store, View Deal and compare link', async ({ page, request }) => {
    const { items } = (await (await request.get('/api/products/browse/electronics/tablets')).json()) as ProductPage;
    await page.goto('/products/electronics/tablets');
    await expect(cards(page)).toHaveCount(items.length);
    let partlyFilledRows = 0;
    for (const product of items.slice(0, 4)) {
      const card = page.locator(`article[data-product-id="${product.id}"]`);
      await expect(card.getByRole('img', { name: product.name })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
      await expect(card.getByRole('img', { name: `Rated ${product.rating} out of 5` })).toBeVisible();
      await expect(card.getByTestId('review-count')).toContainText(product.reviews.toLocaleString('en-IN'));
      await expect(card.getByTestId('store')).toHaveText(product.store);
      await expect(card.locator('s[data-price="original"]')).toHaveCount(product.originalPrice > product.currentPrice ? 1 : 0);
      await expect(card.getByText(/% OFF/)).toHaveCount(product.discount > 0 ? 1 : 0);
      await expect(card.getByRole('link', { name: /View Deal/ })).toHaveAttribute('href', `/product/${product.id}`);
      await expect(card.getByRole('link', { name: /^Compare/ })).toHaveAttribute('href', `/comparison?products=${product.id}`);
      // The card's icons are drawn from the page's sprite: each one names a symbol that is there, and has a size.
      const icons = await card.locator('svg:has(use)').evaluateAll((svgs) =>
        svgs.map((svg) => {
          const href = svg.querySelector('use')?.getAttribute('href') ?? '';
          const { width, height } = svg.getBoundingClientRect();
          return { found: document.querySelector(href)?.tagName.toLowerCase(), width, height };
        }),
      );
      expect(icons).toHaveLength(4);
      for (const icon of icons) {
        expect(icon.found).toBe('symbol');
        expect(icon.width).toBeGreaterThan(8);
        expect(icon.height).toBeGreaterThan(8);
      }
      // The rating's stars are empty spans the stylesheet draws: each has a size and a star mask, the filled ones a
      // shape and colour of their own.
      const stars = await card.locator('[data-slot="star-rating"] > span').evaluateAll((spans) =>
        spans.map((span) => {
          const style = getComputedStyle(span);
          const { width, height } = span.getBoundingClientRect();
          return { filled: span.getAttribute('data-filled') === 'true', mask: style.maskImage, color: style.backgroundColor, width, height };
        }),
      );
      expect(stars).toHaveLength(5);
      for (const star of stars) {
        expect(star.mask).toMatch(/^url\("data:image\/svg\+xml/);
        expect(star.width).toBeGreaterThan(8);
        expect(star.height).toBeGreaterThan(8);
      }
      const filled = stars.find((star) => star.filled);
      const empty = stars.find((star) => !star.filled);
      if (filled && empty) {
        partlyFilledRows += 1;
        expect(filled.mask).not.toBe(empty.mask);
        expect(filled.color).not.toBe(empty.color);
      }
    }
    // The demo tablets are rated between 1 and 5: filled and empty stars were compared on some card.
    expect(partlyFilledRows).toBeGreaterThan(0);
  });

  test('6 skeleton cards while loading', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await openListingInApp(page, '/products/electronics/tablets', () =>
      page.route('**/api/products/browse/**', async (route) => {
        await gate;
        await route.continue();
      }),
    );
    await expect(page.getByRole('status', { name: 'Loading products' })).toBeVisible();
    await expect(page.getByTestId('product-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('product-skeleton')).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
  });

  test('price filter: every option, every shown price within its rupee bounds, in the URL', async ({ page, request }) => {
    await page.goto('/products/electronics');
    const trigger = page.getByRole('combobox', { name: 'Price range' });
    await expect(trigger).toHaveText('All Prices');
    await trigger.click();
    await expect(page.getByRole('option')).toHaveText(PRICE_RANGES.map((r) => r.label));
    await page.keyboard.press('Escape');
    for (const range of PRICE_RANGES.filter((r) => r.value !== 'all')) {
      await choose(page, 'Price range', range.label);
      await expect(page).toHaveURL(new RegExp(`[?&]price=${encodeURIComponent(range.value).replace('+', '\\+')}(&|$)`));
      const total = await apiTotal(request, `electronics?price=${encodeURIComponent(range.value)}`);
      await expect(count(page)).toHaveText(`${total} ${total === 1 ? 'product' : 'products'} found`);
      if (total === 0) continue;
      await expect(cards(page).first()).toBeVisible();
      const prices = await shownPrices(page);
      expect(prices.length).toBe(Math.min(total, 24));
      for (const price of prices) {
        if (range.min !== null) expect(price).toBeGreaterThanOrEqual(range.min);
        if (range.max !== null) expect(price).toBeLessThan(range.max);
      }
    }
  });

  test('sort: each order of prices, ratings and discounts', async ({ page }) => {
    await page.goto('/products/electronics');
    const trigger = page.getByRole('combobox', { name: 'Sort by' });
    await expect(trigger).toHaveText('Relevance');
    await trigger.click();
    await expect(page.getByRole('option')).toHaveText(SORT_OPTIONS.map((o) => o.label));
    await page.keyboard.press('Escape');

    await choose(page, 'Sort by', 'Price: Low to High');
    await expect(page).toHaveURL(/sort=price-low/);
    await expect.poll(async () => isSorted(await shownPrices(page), 'asc')).toBe(true);
    const lastOfPage1 = (await shownPrices(page)).at(-1) ?? 0;
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await loaded(page);
    await expect.poll(async () => (await shownPrices(page))[0] ?? -1).toBeGreaterThanOrEqual(lastOfPage1);

    await choose(page, 'Sort by', 'Price: High to Low');
    await expect(page).toHaveURL(/sort=price-high/);
    await expect(page).not.toHaveURL(/page=/);
    await expect.poll(async () => isSorted(await shownPrices(page), 'desc')).toBe(true);

    await choose(page, 'Sort by', 'Highest Rated');
    await expect(page).toHaveURL(/sort=rating/);
    await expect.poll(async () => isSorted(await shownRatings(page), 'desc')).toBe(true);

    await choose(page, 'Sort by', 'Biggest Discount');
    await expect(page).toHaveURL(/sort=discount/);
    await expect.poll(async () => isSorted(await shownDiscounts(page), 'desc')).toBe(true);
    expect((await shownDiscounts(page))[0]).toBeGreaterThan(0);
  });

  test('on a phone, cards below the fold are drawn as they scroll near, not on the first layout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/electronics');
    const last = cards(page).last();
    const name = last.getByRole('heading');
    // Skipped until near the viewport (content-visibility), but in the page's text and accessibility tree, with a
    // card-sized box so the page is as long as it will be.
    const drawn = () => name.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn()).toBe(false);
    // The first card, in the first view, is drawn at once.
    expect(await cards(page).first().getByRole('heading').evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await expect(name).toHaveText(/\S/);
    expect((await last.boundingBox())?.height ?? 0).toBeGreaterThan(300);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    expect((await name.boundingBox())?.height ?? 0).toBeGreaterThan(10);
  });

  test('grid is the default view; the toggle switches to list and back', async ({ page }) => {
    await page.goto('/products/electronics/mobiles');
    const grid = page.getByRole('radio', { name: 'Grid view' });
    const list = page.getByRole('radio', { name: 'List view' });
    await expect(grid).toHaveAttribute('aria-checked', 'true');
    await expect(cards(page).first()).toHaveAttribute('data-view', 'grid');
    await list.click();
    await expect(list).toHaveAttribute('aria-checked', 'true');
    await expect(cards(page).first()).toHaveAttribute('data-view', 'list');
    const box = await cards(page).first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(900);
    await grid.click();
    await expect(cards(page).first()).toHaveAttribute('data-view', 'grid');
  });

  test('pagination over server pages; the page is in the URL', async ({ page, request }) => {
    const total = await apiTotal(request, 'electronics');
    const pages = Math.ceil(total / 24);
    expect(pages).toBeGreaterThan(2);
    await page.goto('/products/electronics');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: `Page ${pages}` })).toBeVisible();
    const first = await shownIds(page);
    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(async () => (await shownIds(page))[0]).not.toBe(first[0]);
    const second = await shownIds(page);
    expect(second.some((id) => first.includes(id))).toBe(false);
    await nav.getByRole('link', { name: `Page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages}`));
    await expect(cards(page)).toHaveCount(total - (pages - 1) * 24);
    await expect(nav.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    await nav.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages - 1}`));
  });

  test('filters, sort and page survive a reload and are shareable', async ({ page }) => {
    await page.goto('/products/electronics?price=100-500&sort=price-low&page=2');
    await expect(page.getByRole('combobox', { name: 'Price range' })).toHaveText('₹8,300-41,500');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Price: Low to High');
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const before = await shownIds(page);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Price range' })).toHaveText('₹8,300-41,500');
    await expect.poll(() => shownIds(page)).toEqual(before);
    for (const price of await shownPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(8300);
      expect(price).toBeLessThan(41500);
    }
  });

  test('brand filter from the URL, with a removable chip', async ({ page, request }) => {
    const total = await apiTotal(request, 'electronics?brand=Samsung');
    expect(total).toBeGreaterThan(1);
    await page.goto('/products/electronics?brand=Samsung');
    await expect(count(page)).toHaveText(`${total} products found`);
    await expect(page.getByText('Brand: Samsung')).toBeVisible();
    const brands = await page.locator('main article [data-testid="brand"]').allTextContents();
    expect(brands.length).toBe(total);
    expect(brands.every((b) => b.trim() === 'Samsung')).toBe(true);
    await page.getByRole('button', { name: 'Remove brand filter Samsung' }).click();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(count(page)).toHaveText(`${await apiTotal(request, 'electronics')} products found`);
  });

  test('empty state with Clear Filters resetting price to all and sort to relevance', async ({ page, request }) => {
    await page.goto('/products/apparels/western-wear/dresses?price=1000%2B&sort=rating');
    await expect(page.getByRole('heading', { name: 'No products found matching your criteria' })).toBeVisible();
    await expect(count(page)).toHaveText('0 products found');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/products\/apparels\/western-wear\/dresses$/);
    await expect(page.getByRole('combobox', { name: 'Price range' })).toHaveText('All Prices');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Relevance');
    const total = await apiTotal(request, 'apparels/western-wear/dresses');
    await expect(count(page)).toHaveText(`${total} products found`);
  });

  test('404: Category Not Found with the decoded category, cards and buttons', async ({ page }) => {
    await page.goto('/');
    await page.goto('/products/smart%20gadgets');
    await expect(page.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible();
    await expect(page.getByTestId('missing-category')).toHaveText('“smart gadgets”');
    const electronics = page.getByRole('link', { name: /Electronics\s*Smartphones, laptops, and more/ });
    await expect(electronics).toHaveAttribute('href', '/products/electronics');
    const apparels = page.getByRole('link', { name: /Ladies' Apparels\s*Fashion and clothing/ });
    await expect(apparels).toHaveAttribute('href', '/products/ladies-apparels');
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/products/electronics');
    await expect(page.getByRole('link', { name: 'Contact our support team' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/products/electronics/flying-cars');
    await expect(page.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible();
    await expect(page.getByTestId('missing-category')).toHaveText('“electronics/flying-cars”');
    await page.getByRole('link', { name: 'Browse All Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  });

  test('server error: destructive toast, error panel, Try Again refetches', async ({ page }) => {
    await openListingInApp(page, '/products/electronics/mobiles', () =>
      page.route('**/api/products/browse/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' })),
    );
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Failed to load products. Please try again.');
    await expect(toast).toHaveAttribute('data-type', 'error');
    const panel = page.getByRole('alert').filter({ hasText: 'Server Error' });
    await expect(panel).toContainText('Our servers are experiencing issues. Please try again later.');
    await page.unroute('**/api/products/browse/**');
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(page)).toHaveCount(12);
  });

  test('request error and offline show their error panels', async ({ page }) => {
    await openListingInApp(page, '/products/electronics/mobiles', () =>
      page.route('**/api/products/browse/**', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"detail":"bad"}' })),
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Request Error' })).toContainText('There was an issue with your request. Please try again.');
    await page.unroute('**/api/products/browse/**');
    await openListingInApp(page, '/products/electronics/tablets', () =>
      page.route('**/api/products/browse/**', (route) => route.abort('internetdisconnected')),
    );
    const panel = page.getByRole('alert').filter({ hasText: 'No Internet Connection' });
    await expect(panel).toContainText('Please check your internet connection and try again.');
    await expect(panel.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  test('keyboard: the controls work without a mouse', async ({ page }) => {
    await page.goto('/products/electronics/mobiles');
    await expect(cards(page)).toHaveCount(12);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Relevance' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Price: Low to High' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=price-low/);
    await expect(sort).toHaveText('Price: Low to High');
    // The select hands focus back to its trigger as it closes: let it finish before moving on.
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(sort).toBeFocused();
    await page.getByRole('radio', { name: 'Grid view' }).focus();
    await expect(page.getByRole('radio', { name: 'Grid view' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'List view' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(cards(page).first()).toHaveAttribute('data-view', 'list');
    const viewDeal = cards(page).first().getByRole('link', { name: /View Deal/ });
    await viewDeal.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product\/\d+$/);
  });

  test('prices follow the header currency switch ($ = rupees / 86)', async ({ page, request }) => {
    const { items } = (await (await request.get('/api/products/browse/electronics/mobiles')).json()) as ProductPage;
    await page.addInitScript(() => localStorage.setItem('bachat.currency', 'USD'));
    await page.goto('/products/electronics/mobiles');
    const first = items[0];
    if (!first) throw new Error('no product');
    const card = page.locator(`article[data-product-id="${first.id}"]`);
    await expect(card.locator('[data-price="current"]')).toHaveText(formatPrice(first.currentPrice, 'USD'));
    expect((await shownPrices(page)).length).toBe(items.length);
    for (const text of await page.locator('main article [data-price="current"]').allTextContents()) expect(text.startsWith('$')).toBe(true);
  });
});
