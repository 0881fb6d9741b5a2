import { expect, type Page, test } from './fixtures/test';
import type { FacetGroup, ProductPage } from '@/shared/contracts/product';


// This machine is shared and slow under load: UI waits get more time than the default.
const expectUi = expect.configure({ timeout: 30_000 });

type Faceted = ProductPage & { facets: FacetGroup[] };

const optionOf = (page: Faceted, group: string, key: string) => page.facets.find((g) => g.name === group)?.options.find((o) => o.key === key);

async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  return page.getByRole('dialog', { name: 'Filters' });
}

test.describe('on a phone', () => {
// A phone-sized screen: the filters live in a sheet.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

test('a shopper on a phone filters mobiles by RAM and storage, sees counts and the URL change, and Back restores the filters', async ({ page, request }) => {
  const api = async (query: string) => (await (await request.get(`/api/products/browse/electronics/mobiles${query}`)).json()) as Faceted;
  const all = await api('');
  const eightGb = optionOf(all, 'ram', '8-gb');
  expect(eightGb?.count).toBeGreaterThan(1);
  const withRam = await api('?f=ram.8-gb');
  const storage = optionOf(withRam, 'storage', '256-gb');
  expect(storage?.count).toBeGreaterThan(0);
  const both = await api('?f=ram.8-gb,storage.256-gb');
  expect(both.total).toBe(storage?.count);

  await page.goto('/products/electronics/mobiles');
  await expectUi(page.getByTestId('result-count')).toHaveText(`${all.total} products found`);
  // The desktop sidebar is not shown on a phone.
  await expectUi(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();

  let sheet = await openFilters(page);
  const ram = sheet.getByRole('region', { name: 'RAM' });
  const ramOption = ram.getByRole('checkbox', { name: /^8 GB / });
  // The count beside the choice is how many products it leaves.
  await expectUi(ram.locator('label', { has: page.getByText('8 GB', { exact: true }) })).toContainText(String(eightGb?.count));
  await ramOption.click();
  await expectUi(ramOption).toBeChecked();
  await expectUi(page).toHaveURL(/[?&]f=ram\.8-gb(&|$)/);
  await expectUi(sheet.getByText(`${withRam.total} products match`)).toBeVisible();

  const storageRegion = sheet.getByRole('region', { name: 'Storage' });
  await expectUi(storageRegion.locator('label', { has: page.getByText('256 GB', { exact: true }) })).toContainText(String(storage?.count));
  await storageRegion.getByRole('checkbox', { name: /^256 GB / }).click();
  await expectUi(storageRegion.getByRole('checkbox', { name: /^256 GB / })).toBeChecked();
  await expectUi(page).toHaveURL(/f=ram\.8-gb%2Cstorage\.256-gb/);
  await expectUi(sheet.getByText(`${both.total} ${both.total === 1 ? 'product' : 'products'} match`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expectUi(page.getByTestId('result-count')).toHaveText(`${both.total} ${both.total === 1 ? 'product' : 'products'} found`);
  await expectUi(page.locator('main article[data-product-id]')).toHaveCount(both.total);
  await expectUi(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

  // Back: only the RAM filter again, and the sheet shows it ticked.
  await page.goBack();
  await expectUi(page).toHaveURL(/[?&]f=ram\.8-gb$/);
  await expectUi(page.getByTestId('result-count')).toHaveText(`${withRam.total} products found`);
  sheet = await openFilters(page);
  await expectUi(sheet.getByRole('region', { name: 'RAM' }).getByRole('checkbox', { name: /^8 GB / })).toBeChecked();
  await expectUi(sheet.getByRole('region', { name: 'Storage' }).getByRole('checkbox', { name: /^256 GB / })).not.toBeChecked();
  await page.keyboard.press('Escape');

  // A shared link opens with the same filters.
  await page.goto('/products/electronics/mobiles?f=storage.256-gb,ram.8-gb');
  await expectUi(page.getByTestId('result-count')).toHaveText(`${both.total} ${both.total === 1 ? 'product' : 'products'} found`);
});

});

test('the deals page lists a seeded deal with its drop below the 90-day typical price', async ({ page, request }) => {
  const deals = (await (await request.get('/api/deals')).json()) as { items: { product: { id: number; name: string }; dropAmount: number; lowestEver: number }[]; total: number };
  expect(deals.total).toBeGreaterThan(0);
  const top = deals.items[0];
  if (!top) throw new Error('no seeded deal');

  test.setTimeout(120_000);
  await page.goto('/');
  // Linked from the header.
  await page.getByRole('banner').getByRole('link', { name: 'Deals', exact: true }).click();
  await expectUi(page).toHaveURL(/\/deals$/);
  await expectUi(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible();
  const card = page.locator(`article[data-deal-id="${top.product.id}"]`);
  await expectUi(card.getByRole('heading', { name: top.product.name })).toBeVisible();
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  await expectUi(card.getByTestId('deal-drop')).toHaveText(`${rupees.format(top.dropAmount)} below its 90-day typical price`);
  await expectUi(card).toContainText(`Lowest ever ${rupees.format(top.lowestEver)}`);
  await expectUi(page.getByTestId('deal-count')).toHaveText(`${deals.total} ${deals.total === 1 ? 'deal' : 'deals'}`);
});
