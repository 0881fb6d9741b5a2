import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { PriceAlert } from '@/shared/contracts/account';
import type { ProductPage } from '@/shared/contracts/product';

/**
 * Issue 17: axe-core (WCAG 2.1 A/AA and best practice) on every screen and dialog, signed out and signed in, at
 * phone (390 px) and desktop (1366 px) width: no critical or serious violation, one h1 per page and headings that
 * do not skip levels. One pass per width and session state keeps the suite lean.
 */

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
/** Moderate rules the issue asks to hold as well: one h1 per page, headings that do not skip levels. */
const ALSO_REQUIRED = new Set(['page-has-heading-one', 'heading-order']);

type Finding = string;

async function audit(page: Page, label: string, findings: Finding[], options: { dialog?: boolean } = {}) {
  // Let entrance animations finish: axe reads colours as painted.
  await page.waitForTimeout(250);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (options.dialog) builder = builder.include('[role="dialog"]');
  const { violations } = await builder.analyze();
  for (const violation of violations) {
    const required = violation.impact === 'critical' || violation.impact === 'serious' || (!options.dialog && ALSO_REQUIRED.has(violation.id));
    if (!required) continue;
    const where = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
    findings.push(`${label}: ${violation.id} (${violation.impact}, ${violation.nodes.length}×) ${where}`);
  }
}

async function newSession(request: APIRequestContext) {
  const id = `a11y${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const user = { username: id, firstName: 'Kavya', lastName: 'Rao', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** Screens load their data before they are audited; a busy machine may need longer than the default 7 s. */
const settled = expect.configure({ timeout: 30_000 });

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
}

const heading = (page: Page, name: string | RegExp, level = 1) => settled(page.getByRole('heading', { level, name })).toBeVisible();

for (const signedIn of [false]) {
  test(`axe: every screen and dialog ${signedIn ? 'signed in' : 'signed out'}, at 390 px and 1366 px`, async ({ page, request }) => {
    // axe's colour-contrast pass is the slow part: about 45 analyses per test.
    test.setTimeout(600_000);
    const products = ((await (await request.get('/api/products?category=electronics&pageSize=3')).json()) as ProductPage).items;
    const [first, second] = products;
    if (!first || !second) throw new Error('seed has too few electronics');
    let alert: PriceAlert | null = null;
    if (signedIn) {
      const { token, headers } = await newSession(request);
      await request.post('/api/wishlist', { headers, data: { productId: first.id } });
      await request.post('/api/wishlist', { headers, data: { productId: second.id } });
      alert = (await (await request.post('/api/price-alerts', { headers, data: { productId: first.id, targetPrice: Math.round(first.currentPrice * 0.95) } })).json()) as PriceAlert;
      await request.post('/api/comparisons', { headers, data: { name: 'Electronics Comparison', productIds: [first.id, second.id] } });
      await page.addInitScript((value) => localStorage.setItem('bachat.token', value), token);
    }

    const findings: Finding[] = [];
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const at = (screen: string) => `${screen} @${size.width}`;

      await visit(page, '/', (p) => heading(p, 'Trending Now', 2));
      await audit(page, at('home'), findings);

      if (size.width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await audit(page, at('mobile menu'), findings, { dialog: true });
        await page.keyboard.press('Escape');
      }

      await visit(page, '/products/apparels/western-wear/dresses', (p) => settled(p.getByText(/\d+ products found/)).toBeVisible());
      await audit(page, at('listing'), findings);

      await visit(page, '/products/no-such-category', (p) => heading(p, 'Category Not Found'));
      await audit(page, at('category not found'), findings);

      await visit(page, `/product/${first.id}`, (p) => heading(p, first.name));
      await audit(page, at('product'), findings);

      if (signedIn) {
        await page.getByRole('button', { name: 'Price Alert' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Set Price Alert' })).toBeVisible();
        await audit(page, at('Set Price Alert dialog'), findings, { dialog: true });
        await page.keyboard.press('Escape');
      }

      await visit(page, `/comparison?products=${first.id},${second.id}`, (p) => settled(p.getByText('Current Comparison (2/3)')).toBeVisible());
      await audit(page, at('comparison'), findings);

      await visit(page, '/search?q=phone', (p) => heading(p, /phone/i));
      await audit(page, at('search'), findings);

      await visit(page, '/price-tracking', (p) =>
        signedIn ? settled(p.getByRole('tab', { name: /Price Alerts \(/ })).toBeVisible() : settled(p.getByText('Sign in required')).toBeVisible(),
      );
      await audit(page, at('price tracking'), findings);
      if (!signedIn) {
        await page.getByRole('button', { name: 'Sign In to Continue' }).click();
        await expect(page.getByRole('dialog', { name: /Welcome to Bachat/ })).toBeVisible();
        await audit(page, at('auth dialog, Sign In'), findings, { dialog: true });
        await page.getByRole('tab', { name: 'Create Account' }).click();
        await audit(page, at('auth dialog, Create Account'), findings, { dialog: true });
        await page.keyboard.press('Escape');
      }
      if (signedIn && alert) {
        await page.getByRole('button', { name: `Edit alert for ${alert.product.name}` }).click();
        await expect(page.getByRole('dialog', { name: 'Edit Price Alert' })).toBeVisible();
        await audit(page, at('Edit Price Alert dialog'), findings, { dialog: true });
        await page.keyboard.press('Escape');
      }

      await visit(page, '/wishlist', (p) => (signedIn ? heading(p, 'My Wishlist') : settled(p.getByText('Sign in required')).toBeVisible()));
      await audit(page, at('wishlist'), findings);

      await visit(page, '/no-such-page', (p) => heading(p, 'Page Not Found'));
      await audit(page, at('404'), findings);

    }
    expect(findings).toEqual([]);
  });
}

/**
 * Signed in: one browser context per width, one account (made through the API, its token stored as the app stores
 * it), one page load per width; every other screen is reached by client-side navigation, as a shopper moves.
 */
test.describe('axe signed in', () => {
  let session: { token: string; headers: Record<string, string> };
  let first: ProductPage['items'][number];
  let second: ProductPage['items'][number];
  let alert: PriceAlert;

  test.beforeAll(async ({ request }) => {
    const products = ((await (await request.get('/api/products?category=electronics&pageSize=2')).json()) as ProductPage).items;
    if (!products[0] || !products[1]) throw new Error('seed has too few electronics');
    [first, second] = [products[0], products[1]];
    session = await newSession(request);
    const { headers } = session;
    for (const product of [first, second]) expect((await request.post('/api/wishlist', { headers, data: { productId: product.id } })).status()).toBe(201);
    const created = await request.post('/api/price-alerts', { headers, data: { productId: first.id, targetPrice: Math.round(first.currentPrice * 0.95) } });
    expect(created.status()).toBe(201);
    alert = (await created.json()) as PriceAlert;
    expect((await request.post('/api/comparisons', { headers, data: { name: 'Electronics Comparison', productIds: [first.id, second.id] } })).status()).toBe(201);
  });

  /** Client-side navigation (the router listens to popstate): no reload, the session and its cache stay. */
  const go = (page: Page, path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  for (const size of WIDTHS) {
    test(`every screen, the alert dialogs${size.width < 1024 ? ' and the mobile menu' : ''}, signed in at ${size.width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(300_000);
      const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height } });
      await context.addInitScript((value) => localStorage.setItem('bachat.token', value), session.token);
      const page = await context.newPage();
      const findings: Finding[] = [];
      const at = (screen: string) => `${screen} @${size.width}`;

      await page.goto('/');
      await heading(page, 'Trending Now', 2);
      // Signed in as the app shows it: the account menu, not the Sign In button.
      await settled(page.getByRole('button', { name: /Account menu|KR/ })).toBeVisible();
      await audit(page, at('home'), findings);

      if (size.width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await audit(page, at('mobile menu'), findings, { dialog: true });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }

      await go(page, '/products/apparels/western-wear/dresses');
      await settled(page.getByText(/\d+ products found/)).toBeVisible();
      await audit(page, at('listing'), findings);

      await go(page, `/product/${first.id}`);
      await heading(page, first.name);
      await expect(page.getByRole('button', { name: /^Saved?$/ })).toBeVisible();
      await audit(page, at('product'), findings);
      await page.getByRole('button', { name: 'Price Alert' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Set Price Alert' })).toBeVisible();
      await audit(page, at('Set Price Alert dialog'), findings, { dialog: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await go(page, `/comparison?products=${first.id},${second.id}`);
      await settled(page.getByText('Current Comparison (2/3)')).toBeVisible();
      await audit(page, at('comparison'), findings);
      await page.getByRole('tab', { name: 'Saved Comparisons' }).click();
      await settled(page.getByText('Electronics Comparison')).toBeVisible();
      await audit(page, at('saved comparisons'), findings);

      await go(page, '/search?q=phone');
      await heading(page, /phone/i);
      await audit(page, at('search'), findings);

      await go(page, '/price-tracking');
      await settled(page.getByRole('tab', { name: /Price Alerts \(1\/1\)/ })).toBeVisible();
      await audit(page, at('price tracking'), findings);
      await page.getByRole('button', { name: `Edit alert for ${alert.product.name}` }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Price Alert' })).toBeVisible();
      await audit(page, at('Edit Price Alert dialog'), findings, { dialog: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await go(page, '/wishlist');
      await heading(page, 'My Wishlist');
      await settled(page.getByText('2 of 2 items')).toBeVisible();
      await audit(page, at('wishlist'), findings);

      await go(page, '/no-such-page');
      await heading(page, 'Page Not Found');
      await audit(page, at('404'), findings);

      await context.close();
      expect(findings).toEqual([]);
    });
  }
});
