import { expect, type Page, test } from './fixtures/test';
import type { WishlistItem } from '@/shared/contracts/account';
import type { PriceMoves } from '@/shared/contracts/visits';
import { sinceLabel } from '@/shared/price-move';
import { RETURNING_SHOPPER } from './fixtures/returning-shopper-account';

const TOKEN_KEY = 'bachat.token';
const ROW = 'Price drops on your wishlist';
const rupees = (amount: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);

/** React's hydration mismatch errors: signed-in content must not make the server's and the browser's first render differ. */
function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/hydration failed|didn't match|did not match/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

test('a returning shopper sees the drop on their wishlist on home and on the wishlist', async ({ page, request }) => {
  const warnings = hydrationWarnings(page);
  const login = await request.post('/api/auth/login', { data: { email: RETURNING_SHOPPER.email, password: RETURNING_SHOPPER.password } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const [item] = (await (await request.get('/api/wishlist', { headers })).json()) as WishlistItem[];
  const moves = (await (await request.get('/api/price-moves?on=wishlist', { headers })).json()) as PriceMoves;
  if (!item || !moves.since) throw new Error('the e2e server did not seed the returning shopper');
  const note = `↓ Price down ${rupees(RETURNING_SHOPPER.drop)} ${sinceLabel(moves.since)}`;

  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/');
  const row = page.getByRole('region', { name: ROW });
  await expect(row.getByRole('heading', { name: ROW })).toBeVisible();
  const card = row.locator(`article[data-product-id="${item.productId}"]`);
  await expect(card.getByRole('heading', { name: item.product.name })).toBeVisible();
  const move = card.getByTestId('price-move');
  await expect(move).toHaveAttribute('data-direction', 'down');
  // The arrow is for the eye, "Price down" for screen readers (text: arrow, words, amount, day).
  await expect(move).toHaveText(note);

  await row.getByRole('link', { name: 'View Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  const saved = page.getByRole('article', { name: item.product.name });
  await expect(saved.getByTestId('price-move')).toHaveText(note);
  expect(warnings).toEqual([]);
});

test('no drops row signed out, in the server HTML, or for a shopper with nothing cheaper since their last visit', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toContain(ROW);

  const id = `sy${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: id, firstName: 'Ravi', lastName: 'Das', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const token = ((await (await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).json()) as { access_token: string }).access_token;
  const products = (await (await request.get('/api/products/all?pageSize=1')).json()) as { items: { id: number }[] };
  const productId = products.items[0]?.id;
  expect((await request.post('/api/wishlist', { headers: { authorization: `Bearer ${token}` }, data: { productId } })).status()).toBe(201);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: ROW })).toHaveCount(0);

  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  const answered = page.waitForResponse((response) => response.url().includes('/api/price-moves?on=wishlist') && response.ok());
  await page.goto('/');
  await answered;
  await expect(page.getByRole('button', { name: /account menu/i }).or(page.getByRole('heading', { name: 'Trending Now' })).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: ROW })).toHaveCount(0);
});
