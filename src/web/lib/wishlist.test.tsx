import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from './api-client';
import { AuthProvider, useAuth } from './auth-session';
import { useRemoveFromWishlist, useToggleWishlist } from './wishlist';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
// The app's toasts go through lib/toast (which loads sonner on first use).
vi.mock('@/web/lib/toast', () => ({ toast: toastMock }));

const product = { id: 7, name: 'Redmi Note 14' };
const user = { username: 'asha', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in' };
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let wishlist: { productId: number }[] = [];
let failWith: { method: string; status: number; detail?: string } | null = null;
/** While set, an add waits for it (a change under way). */
let holdAdd: Promise<void> | null = null;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  wishlist = [];
  failWith = null;
  holdAdd = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (input === '/api/auth/profile') return json(200, user);
      if (failWith && failWith.method === method && input.startsWith('/api/wishlist')) return json(failWith.status, { detail: failWith.detail ?? 'no' });
      if (input === '/api/wishlist' && method === 'GET') return json(200, wishlist);
      if (input === '/api/wishlist' && method === 'POST') {
        await holdAdd;
        return json(201, { productId: product.id });
      }
      if (input.startsWith('/api/wishlist/') && method === 'DELETE') return new Response(null, { status: 204 });
      return json(404, { detail: 'Not found' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup(signedIn: boolean) {
  if (signedIn) localStorage.setItem(TOKEN_KEY, 'token-1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return renderHook(() => ({ toggle: useToggleWishlist(), auth: useAuth(), pageRemove: useRemoveFromWishlist({ pageMessages: true }) }), { wrapper });
}

describe('useToggleWishlist (SPEC 8 wishlist messages)', () => {
  it('asks signed-out shoppers to sign in', () => {
    const { result } = setup(false);
    act(() => result.current.toggle.toggle(product));
    expect(toastMock.error).toHaveBeenCalledWith('Please Sign In', { description: 'You need to be logged in to manage your wishlist.' });
  });

  it('adds when not saved, naming the product', async () => {
    const { result } = setup(true);
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    act(() => result.current.toggle.toggle(product));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Added to Wishlist', { description: 'Redmi Note 14 has been added to your wishlist.' }),
    );
  });

  it('marks only the product being changed as pending, until its change is done', async () => {
    let release = () => {};
    holdAdd = new Promise((resolve) => {
      release = resolve;
    });
    const { result } = setup(true);
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    expect(result.current.toggle.isPending(product.id)).toBe(false);
    act(() => result.current.toggle.toggle(product));
    await waitFor(() => expect(result.current.toggle.isPending(product.id)).toBe(true));
    expect(result.current.toggle.isPending(product.id + 1)).toBe(false);
    act(() => release());
    await waitFor(() => expect(result.current.toggle.isPending(product.id)).toBe(false));
  });

  it('removes when saved, naming the product', async () => {
    wishlist = [{ productId: product.id }];
    const { result } = setup(true);
    await waitFor(() => expect(result.current.toggle.isSaved(product.id)).toBe(true));
    act(() => result.current.toggle.toggle(product));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Removed from Wishlist', { description: 'Redmi Note 14 has been removed from your wishlist.' }),
    );
    expect(result.current.toggle.isSaved(product.id)).toBe(false);
  });

  it('a 400 on add says "Already in Wishlist"; other failures say what failed', async () => {
    const { result } = setup(true);
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    failWith = { method: 'POST', status: 400, detail: 'Already in wishlist' };
    act(() => result.current.toggle.toggle(product));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Already in Wishlist', { description: 'This product is already in your wishlist.' }),
    );
    failWith = { method: 'POST', status: 500 };
    act(() => result.current.toggle.toggle(product));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to add to wishlist.' }));
  });

  it('a failed remove says "Failed to remove from wishlist." (and the wishlist page says its own text)', async () => {
    wishlist = [{ productId: product.id }];
    const { result } = setup(true);
    await waitFor(() => expect(result.current.toggle.isSaved(product.id)).toBe(true));
    failWith = { method: 'DELETE', status: 500 };
    act(() => result.current.toggle.toggle(product));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to remove from wishlist.' }));
    act(() => result.current.pageRemove.mutate(product));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to remove item from wishlist.' }));
  });

  it('a 401 signs out and forgets the cached wishlist', async () => {
    wishlist = [{ productId: product.id }];
    const { result } = setup(true);
    await waitFor(() => expect(result.current.toggle.isSaved(product.id)).toBe(true));
    failWith = { method: 'DELETE', status: 401 };
    act(() => result.current.toggle.toggle(product));
    await waitFor(() => expect(result.current.auth.status).toBe('anonymous'));
    expect(result.current.toggle.isSaved(product.id)).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
