import { expect, type Page } from './fixtures/test';

/**
 * The server renders a page's first view with its data, so the browser makes none of that page's first-load API
 * calls: a `page.route` mock of such a call (a slow answer, a 500, no connection, a changed product) would never
 * see its request. These helpers reach a screen as a shopper does after the first page, by following a link in
 * the running app: the browser app then fetches the screen's data itself, through the mocks.
 */

/** Waits until the app has hydrated the server's HTML (its links navigate on the client from then on). */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Marks the document, so a test can check a navigation stayed in it (no page load). */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { clientNavigationMarker?: boolean }).clientNavigationMarker = true));
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { clientNavigationMarker?: boolean }).clientNavigationMarker)).toBe(true);
}

/**
 * Opens `start` (default: a page with no product data), then runs `follow`, which clicks a link of the running app;
 * install the mocks between `start` and `follow`, e.g. with `setUp`.
 */
async function navigate(page: Page, start: string, setUp: (() => Promise<unknown>) | undefined, follow: () => Promise<void>) {
  await page.goto(start);
  await waitForApp(page);
  await markDocument(page);
  await setUp?.();
  await follow();
  await expectSameDocument(page);
}

/** A page of the app with no product data of its own to start from (the header and footer are there). */
const NEUTRAL_START = '/page-to-start-from';

/** Home, reached from another page by the header's logo link. */
export async function openHomeInApp(page: Page, setUp?: () => Promise<unknown>) {
  await navigate(page, NEUTRAL_START, setUp, async () => {
    await page.getByRole('link', { name: 'Bachat home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

/**
 * A listing page, reached by its link in the header: in the desktop Electronics or Apparels menu, or on a phone in
 * the menu sheet.
 */
export async function openListingInApp(page: Page, path: string, setUp?: () => Promise<unknown>) {
  await navigate(page, NEUTRAL_START, setUp, async () => {
    const [, , top] = path.split('/');
    if ((page.viewportSize()?.width ?? 1366) < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Categories (mobile)' }).locator(`a[href="${path}"]`).click();
    } else {
      const menu = top === 'electronics' ? 'Electronics' : 'Apparels';
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu }).click();
      await page.getByRole('menu').locator(`a[href="${path}"]`).first().click();
    }
    await expect(page).toHaveURL((url) => url.pathname === path);
  });
}

/** A product page, reached from search results for its name (the results link to it). */
export async function openProductInApp(page: Page, product: { id: number; name: string }, setUp?: () => Promise<unknown>) {
  await navigate(page, `/search?q=${encodeURIComponent(product.name)}`, setUp, async () => {
    await page.locator(`main a[href="/product/${product.id}"]`).first().click();
    await expect(page).toHaveURL((url) => url.pathname === `/product/${product.id}`);
  });
}

/**
 * The comparison, reached by a link of the running app: with a product, its page's "Compare Prices"; without one,
 * home's "Start Comparing Prices".
 */
export async function openComparisonInApp(page: Page, product: { id: number } | null, setUp?: () => Promise<unknown>) {
  const start = product ? `/product/${product.id}` : '/';
  await navigate(page, start, setUp, async () => {
    await page.getByRole('link', { name: product ? 'Compare Prices' : 'Start Comparing Prices', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/comparison' && url.search === (product ? `?products=${product.id}` : ''));
  });
}
