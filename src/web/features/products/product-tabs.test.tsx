import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@/shared/contracts/product';
import { AuthProvider } from '@/web/lib/auth-session';
import { ProductTabs } from './product-tabs';
import { hydrateServerHtml } from '@/web/test/hydrate-server-html';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const product: Product = {
  id: 7,
  slug: 'aurora-phone',
  name: 'Aurora Phone',
  image: '/media/7.svg',
  imageGallery: [],
  videoUrl: null,
  brand: 'Aurora',
  model: 'A1',
  category: 'electronics',
  subcategory: 'mobiles',
  subSubcategory: null,
  store: 'Croma',
  storeSlug: 'croma',
  description: 'A phone for every day.',
  highlights: 'Two-day battery\n\n  Bright screen ',
  specifications: { Display: '6.1 inch', Weight: '170 g' },
  features: ['Water resistant: IP68', 'Fast charging'],
  currentPrice: 19999,
  originalPrice: 24999,
  discount: 20,
  rating: 4.2,
  reviews: 12,
  trending: false,
  inStock: true,
  stockQuantity: 10,
  affiliateUrl: null,
  freeShipping: true,
  shippingCost: null,
  variants: [],
  priceHistory: [],
  offers: [],
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ items: [], total: 0, page: 1, pageSize: 50, rating: 4.2, reviews: 12 })),
  );
});

function app(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}

describe('ProductTabs', () => {
  it('shows the Description with its Key Highlights first', () => {
    render(app(<ProductTabs product={product} />));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Description', 'Specifications', 'Features', 'Reviews']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('A phone for every day.')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Key Highlights' })).toBeTruthy();
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Two-day battery', 'Bright screen']);
  });

  it('loads the other panels on first reach: Specifications, Features and Reviews show their content', async () => {
    const user = userEvent.setup();
    render(app(<ProductTabs product={product} />));
    await user.click(screen.getByRole('tab', { name: 'Specifications' }));
    const specs = screen.getByRole('tabpanel');
    expect(await within(specs).findByText('6.1 inch')).toBeTruthy();
    expect(within(specs).getByText('Display')).toBeTruthy();
    expect(within(specs).queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Features' }));
    const features = screen.getByRole('tabpanel');
    expect(within(features).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Water resistantIP68', 'Fast charging']);

    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    const reviews = screen.getByRole('tabpanel');
    expect(within(reviews).getByTestId('average-rating').textContent).toBe('4.2');
    expect(within(reviews).getByRole('button', { name: 'Write a Review' })).toBeTruthy();
    expect(await within(reviews).findByText('No one has reviewed this product on Bachat yet. Be the first!')).toBeTruthy();
  });

  it('renders on the server and hydrates without a mismatch', async () => {
    const html = renderToString(app(<ProductTabs product={product} />));
    expect(html).toContain('Key Highlights');
    const { container, unmount } = await hydrateServerHtml(html, app(<ProductTabs product={product} />));
    unmount();
  });
});
