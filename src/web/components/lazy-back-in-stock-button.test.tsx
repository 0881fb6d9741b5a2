import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackInStockButton } from '@/web/components/back-in-stock-button';
import { LazyBackInStockButton } from '@/web/components/lazy-back-in-stock-button';
import { TOKEN_KEY } from '@/web/lib/api-client';
import { AuthProvider } from '@/web/lib/auth-session';
import { hydrateServerHtml } from '@/web/test/hydrate-server-html';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
// The app's toasts go through lib/toast (which loads sonner on first use).
vi.mock('@/web/lib/toast', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace(/^\/api/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/auth/profile') return json(200, { username: 'asha', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in' });
      if (path === '/price-alerts' && (init?.method ?? 'GET') === 'GET') return json(200, []);
      if (path === '/price-alerts') return json(201, { id: 1, kind: 'back-in-stock' });
      return json(404, { detail: 'Not found' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function app(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{ui}</AuthProvider>
    </QueryClientProvider>
  );
}

const outOfStock = { id: 7, name: 'Noise Buds', inStock: false };

describe('LazyBackInStockButton', () => {
  it('renders nothing for a product in stock', () => {
    const { container } = render(app(<LazyBackInStockButton product={{ ...outOfStock, inStock: true }} />));
    expect(container.innerHTML).toBe('');
  });

  it('is server-rendered as the real button looks, hydrates without a mismatch, then works', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    const real = renderToString(app(<BackInStockButton product={outOfStock} />));
    const html = renderToString(app(<LazyBackInStockButton product={outOfStock} />));
    expect(html).toBe(real);
    const { unmount } = await hydrateServerHtml(html, app(<LazyBackInStockButton product={outOfStock} />));
    await waitFor(() => expect(calls).toContain('GET /price-alerts'));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me when back in stock' }));
    expect(await screen.findByRole('button', { name: "We'll notify you" })).toBeTruthy();
    expect(calls).toContain('POST /price-alerts');
    unmount();
  });
});

describe('BackInStockButton after its look-alike', () => {
  it('acts once on a press the look-alike took, and takes the focus it had', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    render(app(<BackInStockButton product={outOfStock} pressed={false} focusOnMount />));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notify me when back in stock' }));
    cleanup();

    localStorage.clear();
    render(app(<BackInStockButton product={outOfStock} pressed />));
    // Signed out: the press asks to sign in, once.
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledTimes(1));
    expect(toastMock.error).toHaveBeenCalledWith('You need to be logged in to create price alerts.', expect.anything());
    expect(calls.filter((call) => call === 'POST /price-alerts')).toEqual([]);
  });
});
