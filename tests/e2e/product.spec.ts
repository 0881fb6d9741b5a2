import { type APIRequestContext, expect, type Page, type Route, test } from './fixtures/test';
import { friendlyName } from '@/shared/catalog';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { priceStats } from '@/shared/deal-insight';
import { discountPercent, formatPrice } from '@/shared/money';
import { readFeatures, readSpecifications } from '@/shared/specifications';
import { readHighlights } from '@/shared/text-lines';
import { openProductInApp, waitForApp } from './client-navigation';

const TOKEN_KEY = 'bachat.token';

let catalogue: Product[] | null = null;
async function allProducts(request: APIRequestContext): Promise<Product[]> {
  if (catalogue) return catalogue;
  const items: Product[] = [];
  for (let page = 1; ; page += 1) {
    const body = (await (await request.get(`/api/products/all?pageSize=100&page=${page}`)).json()) as ProductPage;
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) break;
  }
  catalogue = items;
  return items;
}

async function pick(request: APIRequestContext, test: (p: Product) => boolean): Promise<Product> {
  const product = (await allProducts(request)).find(test);
  if (!product) throw new Error('no product in the demo catalogue fits');
  return product;
}

/**
 * The last product that fits, in the catalogue's relevance order (trending first, then by review count): far
 * from the first cards and first picks every spec reads, so a review written to it (a shared write: its rating
 * and review count) changes nothing another spec, running at the same time, looks at.
 */
async function pickLast(request: APIRequestContext, test: (p: Product) => boolean): Promise<Product> {
  const product = (await allProducts(request)).findLast(test);
  if (!product) throw new Error('no product in the demo catalogue fits');
  return product;
}

/** A product whose second variant has another price, with a gallery, several offers and a price history. */
const richProduct = (p: Product) =>
  p.variants.length >= 2 &&
  p.variants[1]?.price !== p.variants[0]?.price &&
  p.imageGallery.length >= 2 &&
  p.offers.length >= 2 &&
  p.priceHistory.length >= 2 &&
  p.affiliateUrl !== null;

async function signIn(page: Page, request: APIRequestContext) {
  const id = `pdp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const user = { username: id, firstName: 'Kavya', lastName: 'Rao', email: `${id}@example.in`, password: 'secret123' };
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [TOKEN_KEY, access_token] as const);
  return { user, token: access_token };
}

/** Serves the real product JSON with some fields changed. */
async function patchProduct(page: Page, id: number, patch: Partial<Product>) {
  await page.route(`**/api/products/${id}`, async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Product;
    await route.fulfill({ response, json: { ...body, ...patch } });
  });
}

const price = (page: Page) => page.getByTestId('product-price');

test.describe('product detail', () => {
  test('breadcrumb, brand link, name, model, rating, review count, price and discount badge', async ({ page, request }) => {
    const product = await pick(request, (p) => richProduct(p) && p.trending);
    await page.goto(`/product/${product.id}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: friendlyName(product.category) })).toHaveAttribute('href', `/products/${product.category}`);
    await expect(crumbs.getByRole('link', { name: product.name })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByText(`Model: ${product.model}`)).toBeVisible();
    await expect(page.getByRole('link', { name: product.brand, exact: true })).toHaveAttribute(
      'href',
      `/products/${product.category}?brand=${encodeURIComponent(product.brand)}`,
    );
    await expect(page.getByText('Trending', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('img', { name: `Rated ${product.rating} out of 5` }).first()).toBeVisible();
    await expect(page.getByTestId('review-count')).toHaveText(`(${product.reviews.toLocaleString('en-IN')} reviews)`);

    const first = product.variants[0];
    if (!first) throw new Error('no variant');
    await expect(price(page).locator('[data-price="current"]')).toHaveText(formatPrice(first.price));
    if (first.originalPrice > first.price) {
      await expect(price(page).locator('s[data-price="original"]')).toContainText(formatPrice(first.originalPrice));
      await expect(price(page).getByText(`-${discountPercent(first.originalPrice, first.price)}% OFF`)).toBeVisible();
    }

    await page.getByRole('link', { name: product.brand, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.category}\\?brand=`));
    await expect(page.getByText(`Brand: ${product.brand}`)).toBeVisible();
  });

  test('a product that is not trending has no Trending badge', async ({ page, request }) => {
    const product = await pick(request, (p) => !p.trending);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByText('Trending', { exact: true })).toHaveCount(0);
  });

  test('gallery: thumbnails in 4 columns switch the image; a broken image shows the placeholder', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    const images = [...new Set([product.image, ...product.imageGallery])];
    await page.goto(`/product/${product.id}`);
    const thumbnails = page.getByRole('list', { name: 'Product images' });
    await expect(thumbnails.getByRole('button')).toHaveCount(images.length);
    const columns = await thumbnails.evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);
    await expect(page.getByRole('main').getByRole('img', { name: product.name, exact: true }).first()).toBeVisible();
    await thumbnails.getByRole('button', { name: `Show image 2 of ${images.length}` }).click();
    await expect(page.getByRole('img', { name: `${product.name}, image 2 of ${images.length}` })).toHaveAttribute('src', images[1] ?? '');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(thumbnails.getByRole('button', { name: `Show image 3 of ${images.length}` })).toHaveAttribute('aria-current', 'true');

    await page.route('**/api/media/products/**', (route) => route.abort());
    await page.reload();
    const placeholder = page.locator('[data-placeholder="true"]').first();
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toHaveAttribute('aria-label', product.name);
    await expect(placeholder).toContainText('Image not available');
  });

  test('video box only when the product has a videoUrl', async ({ page, request }) => {
    const product = await pick(request, (p) => p.videoUrl === null);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByRole('heading', { name: 'Product video' })).toHaveCount(0);
    // The changed product reaches the browser app on a client-side visit (a first load is rendered by the server).
    await openProductInApp(page, product, () => patchProduct(page, product.id, { videoUrl: '/api/media/video/demo.mp4' }));
    await expect(page.getByRole('heading', { name: 'Product video' })).toBeVisible();
    await expect(page.locator('video')).toHaveAttribute('src', '/api/media/video/demo.mp4');
  });

  test('Select Variant: the first is selected; another changes the shown price and original price', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    const [first, second] = product.variants;
    if (!first || !second) throw new Error('needs two variants');
    await page.goto(`/product/${product.id}`);
    await expect(page.getByText('Select Variant:')).toBeVisible();
    const group = page.getByRole('radiogroup', { name: 'Select Variant:' });
    await expect(group.getByRole('radio')).toHaveCount(product.variants.length);
    await expect(group.getByRole('radio', { name: first.name })).toHaveAttribute('aria-checked', 'true');
    await expect(price(page).locator('[data-price="current"]')).toHaveText(formatPrice(first.price));
    await group.getByRole('radio', { name: second.name }).click();
    await expect(group.getByRole('radio', { name: second.name })).toHaveAttribute('aria-checked', 'true');
    await expect(price(page).locator('[data-price="current"]')).toHaveText(formatPrice(second.price));
    if (second.originalPrice > second.price) {
      await expect(price(page).locator('s[data-price="original"]')).toContainText(formatPrice(second.originalPrice));
      await expect(price(page).getByText(`-${discountPercent(second.originalPrice, second.price)}% OFF`)).toBeVisible();
    } else {
      await expect(price(page).locator('s[data-price="original"]')).toHaveCount(0);
    }
  });

  test('stock line, Buy with {store} in a new tab, Compare Prices, Delivery and Sold by', async ({ page, request }) => {
    const product = await pick(request, (p) => richProduct(p) && p.inStock && p.freeShipping);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId('stock')).toContainText('In Stock');
    const buy = page.getByRole('link', { name: `Buy with ${product.store}` });
    // Through the click-out route (issue 14), which redirects to the best offer's store link.
    const bestOffer = product.offers.find((o) => o.storeSlug === product.storeSlug);
    await expect(buy).toHaveAttribute('href', `/go/${bestOffer?.id}?from=product`);
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', /noopener/);
    // Styled as the page asks: the primary colour, and the page's h-12 over the large size's 40 px (a className
    // utility wins over the button's variant classes).
    await expect(buy).toHaveCSS('height', '48px');
    await expect(buy).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    const compare = page.getByRole('link', { name: 'Compare Prices' });
    await expect(compare).toHaveAttribute('href', `/comparison?products=${product.id}`);
    await expect(compare).toHaveCSS('border-top-width', '1px');
    await expect(page.getByTestId('delivery')).toContainText('FREE');
    await expect(page.getByTestId('sold-by')).toContainText(product.store);
  });

  test('Buy goes through the click-out route to the store, attributed to the signed-in shopper', async ({ page, context, request }) => {
    const product = await pick(request, (p) => richProduct(p) && p.inStock);
    await signIn(page, request);
    const storeUrl = new URL(product.affiliateUrl ?? '');
    // The store's own site is outside the test: answer it here, so the tab shows where the redirect landed.
    await context.route(`${storeUrl.origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Store page</title><h1>Store page</h1>' }));
    const ticket = page.waitForResponse((response) => response.url().endsWith('/api/clicks/ticket'));
    await page.goto(`/product/${product.id}`);
    expect((await ticket).status()).toBe(200);
    const buy = page.getByRole('link', { name: `Buy with ${product.store}` });
    await expect(buy).toHaveAttribute('href', new RegExp(`^/go/\\d+\\?from=product&u=[\\w.-]+$`));
    const [tab] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await tab.waitForURL((url) => url.origin === storeUrl.origin);
    await expect(tab.getByRole('heading', { name: 'Store page' })).toBeVisible();
  });

  test('out of stock, a shipping cost, unknown delivery (NA)', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    await openProductInApp(page, product, () => patchProduct(page, product.id, { inStock: false, stockQuantity: 0, freeShipping: false, shippingCost: 49 }));
    await expect(page.getByTestId('stock')).toHaveText('Out of Stock');
    await expect(page.getByTestId('delivery')).toContainText('₹49');
    await page.unroute(`**/api/products/${product.id}`);
    await openProductInApp(page, product, () => patchProduct(page, product.id, { freeShipping: false, shippingCost: null }));
    await expect(page.getByTestId('delivery')).toContainText('NA');
  });

  test('the buy button is disabled without an affiliateUrl, with its message', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    await openProductInApp(page, product, () => patchProduct(page, product.id, { affiliateUrl: null }));
    const buy = page.getByRole('button', { name: `Buy with ${product.store}` });
    await expect(buy).toBeDisabled();
    await expect(page.getByRole('link', { name: `Buy with ${product.store}` })).toHaveCount(0);
    await expect(page.getByText('Purchase link is not available for this product.')).toBeVisible();
  });

  test('Save asks a signed-out shopper to sign in; Price Alert opens the Set Price Alert modal', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    await page.goto(`/product/${product.id}`);
    // The server's HTML has the buttons before the app runs; they act once it has hydrated.
    await waitForApp(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('You need to be logged in to manage your wishlist.')).toBeVisible();
    await page.getByRole('button', { name: 'Price Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Price Alert' });
    await expect(dialog).toBeVisible();
    const target = dialog.getByLabel('Target Price (₹)');
    await expect(target).toHaveAttribute('type', 'number');
    await expect(target).toHaveAttribute('step', '0.01');
    await expect(dialog.getByRole('button', { name: 'Set Alert' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Save / Saved toggles the wishlist when signed in', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    await signIn(page, request);
    await page.goto(`/product/${product.id}`);
    await waitForApp(page);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(page.getByText('Added to Wishlist')).toBeVisible();
    const saved = page.getByRole('button', { name: 'Saved', exact: true });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Saved', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'false');
  });

  test('store prices: every offer, cheapest first, the best offer marked, each with its update time', async ({ page, request }) => {
    const product = await pick(request, (p) => p.offers.length >= 3);
    await page.goto(`/product/${product.id}`);
    const section = page.getByRole('region', { name: `Prices from ${product.offers.length} stores` });
    const rows = section.getByTestId('offer');
    await expect(rows).toHaveCount(product.offers.length);
    const prices = await rows.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-price'))));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect([...prices].sort((a, b) => a - b)).toEqual(product.offers.map((o) => o.currentPrice).sort((a, b) => a - b));
    const best = section.locator('[data-best="true"]');
    await expect(best).toHaveCount(1);
    await expect(best).toContainText(product.store);
    await expect(best).toContainText('Best offer');
    await expect(best).toContainText(formatPrice(product.currentPrice));
    for (const offer of product.offers) {
      const row = rows.filter({ hasText: offer.store });
      await expect(row).toContainText(offer.inStock ? 'In stock' : 'Out of stock');
      await expect(row.getByText(/^Updated /)).toBeVisible();
      await expect(row.locator('time')).toHaveAttribute('datetime', offer.updatedAt);
      if (offer.affiliateUrl) await expect(row.getByRole('link', { name: `Go to store: ${offer.store} (opens in a new tab)` })).toHaveAttribute('href', `/go/${offer.id}?from=product`);
    }
  });

  test('price history chart is its own lazy chunk and shows lowest, highest and average', async ({ page, request }) => {
    const product = await pick(request, (p) => p.priceHistory.length >= 3);
    const stats = priceStats(product.priceHistory);
    if (!stats) throw new Error('no stats');
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/') && r.url().endsWith('.js')) chunks.push(r.url());
    });
    await page.goto(`/product/${product.id}`);
    const section = page.getByRole('region', { name: 'Price history' });
    await expect(section.locator('[data-stat="lowest"]')).toHaveText(formatPrice(stats.lowest));
    await expect(section.locator('[data-stat="highest"]')).toHaveText(formatPrice(stats.highest));
    await expect(section.locator('[data-stat="average"]')).toHaveText(formatPrice(stats.average));
    // The chart's code loads as it nears the viewport (or once the page has settled), not with the first load.
    await section.getByTestId('price-history-chart').scrollIntoViewIfNeeded();
    await expect(section.getByTestId('price-history-chart').locator('svg.recharts-surface')).toBeVisible();
    expect(chunks.some((url) => /price-history-chart-[\w-]+\.js$/.test(url))).toBe(true);
  });

  test('tabs: Description with Key Highlights, Specifications, Features, Reviews', async ({ page, request }) => {
    const product = await pick(request, (p) => readHighlights(p.highlights).length > 0 && readSpecifications(p.specifications).length > 0 && readFeatures(p.features).length > 0);
    await page.goto(`/product/${product.id}`);
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveText(['Description', 'Specifications', 'Features', 'Reviews']);
    await expect(tabs.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Key Highlights' })).toBeVisible();
    for (const line of readHighlights(product.highlights)) await expect(panel.getByText(line, { exact: true })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Specifications' }).click();
    const specs = readSpecifications(product.specifications);
    for (const entry of specs.slice(0, 5)) {
      await expect(page.getByRole('tabpanel').getByText(entry.label, { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('tabpanel').getByText(entry.value, { exact: true }).first()).toBeVisible();
    }

    await tabs.getByRole('tab', { name: 'Features' }).click();
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(readFeatures(product.features).length);

    await tabs.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('tabpanel');
    await expect(reviews.getByTestId('average-rating')).toHaveText(product.rating.toFixed(1));
    await expect(reviews.getByTestId('review-total')).toHaveText(`Based on ${product.reviews.toLocaleString('en-IN')} reviews`);
    await expect(reviews.getByRole('button', { name: 'Write a Review' })).toBeVisible();
  });

  test('Write a Review signed out opens the sign-in dialog', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Bachat' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Write a Review' })).toHaveCount(0);
  });

  test('writing a review: validation, the review shows, rating and count update, a second one is refused', async ({ page, request }) => {
    // Electronics: screenshots.spec.ts writes its reviews to an apparel product.
    const product = await pickLast(request, (p) => p.category === 'electronics' && !p.trending && p.reviews > 0 && p.reviews < 1000 && richProduct(p));
    const { user } = await signIn(page, request);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a Review' });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog.getByText('Rating must be 1 to 5')).toBeVisible();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Review text is required')).toBeVisible();

    // The stars are a radio group: keyboard arrows move the rating.
    await dialog.getByRole('radio', { name: '3 stars' }).check();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await dialog.getByLabel('Title').fill('Worth every rupee');
    await dialog.getByLabel('Your review').fill('Arrived in two days and works exactly as described.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review Submitted')).toBeVisible();
    await expect(dialog).toBeHidden();

    const expectedRating = Math.round(((product.rating * product.reviews + 4) / (product.reviews + 1)) * 100) / 100;
    const panel = page.getByRole('tabpanel');
    const review = panel.getByRole('listitem').filter({ hasText: 'Worth every rupee' });
    await expect(review).toContainText('Arrived in two days and works exactly as described.');
    await expect(review).toContainText(`${user.firstName} ${user.lastName.charAt(0)}.`);
    await expect(review).toContainText('Your review');
    await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(panel.getByTestId('review-total')).toHaveText(`Based on ${(product.reviews + 1).toLocaleString('en-IN')} reviews`);
    await expect(panel.getByTestId('average-rating')).toHaveText(expectedRating.toFixed(1));
    await expect(page.getByTestId('review-count')).toHaveText(`(${(product.reviews + 1).toLocaleString('en-IN')} reviews)`);

    await panel.getByRole('button', { name: 'Write a Review' }).click();
    await dialog.getByRole('radio', { name: '5 stars' }).check();
    await dialog.getByLabel('Title').fill('Again');
    await dialog.getByLabel('Your review').fill('Second try');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('You have already reviewed this product');
  });

  test('states: loading skeleton, Product Not Found, Failed to Load Product with retry', async ({ page, request }) => {
    const product = await pick(request, richProduct);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Loading and failing are states of the browser app's own fetch: reached by a link from search results.
    await openProductInApp(page, product, () =>
      page.route(`**/api/products/${product.id}`, async (route) => {
        await gate;
        await route.continue();
      }),
    );
    await expect(page.getByRole('status', { name: 'Loading product' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await page.unroute(`**/api/products/${product.id}`);

    for (const path of ['/product/99999999', '/product/not-a-number']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
    }
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    await openProductInApp(page, product, () =>
      page.route(`**/api/products/${product.id}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x"}' })),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Failed to Load Product' })).toBeVisible();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Failed to load product details. Please try again.');
    await expect(toast).toHaveAttribute('data-type', 'error');
    const panel = page.getByRole('alert').filter({ hasText: 'Server Error' });
    await page.unroute(`**/api/products/${product.id}`);
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  });
});
