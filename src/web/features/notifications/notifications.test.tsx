import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationList } from '@/shared/contracts/notifications';
import { DAY_MS } from '@/shared/deal-insight';
import { PriceTrackingIcon } from '@/web/app/price-tracking-icon';
import { BackInStockButton } from '@/web/components/back-in-stock-button';
import { DealInsightCard } from '@/web/components/deal-insight-card';
import { TOKEN_KEY } from '@/web/lib/api-client';
import { AuthProvider } from '@/web/lib/auth-session';
import { CurrencyProvider } from '@/web/lib/currency';
import { NotificationsPanel } from './notifications-panel';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
// The app's toasts go through lib/toast (which loads sonner on first use).
vi.mock('@/web/lib/toast', () => ({ toast: toastMock }));

const user = { username: 'asha', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in' };
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function notificationList(unread: number[], read: number[] = []): NotificationList {
  const make = (id: number, isRead: boolean) => ({
    id,
    title: `Price alert: Phone ${id} is now ₹9,999`,
    body: `Phone ${id} is now ₹9,999 at Croma, at or below your target of ₹10,000.`,
    createdAt: new Date(Date.now() - id * 60_000).toISOString(),
    readAt: isRead ? new Date().toISOString() : null,
    alertId: id,
    productId: 100 + id,
  });
  return { items: [...unread.map((id) => make(id, false)), ...read.map((id) => make(id, true))], unreadCount: unread.length };
}

/** A fake API: the profile, a mutable notification list and the mark-read endpoints. */
function stubApi(initial: NotificationList) {
  let list = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace(/^\/api/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/auth/profile') return json(200, user);
      if (path === '/notifications') return json(200, list);
      if (path === '/price-alerts' && (init?.method ?? 'GET') === 'GET') return json(200, []);
      if (path === '/price-alerts') return json(201, { id: 1, kind: 'back-in-stock' });
      const one = /^\/notifications\/(\d+)\/read$/.exec(path);
      if (one) {
        const id = Number(one[1]);
        list = {
          items: list.items.map((n) => (n.id === id ? { ...n, readAt: n.readAt ?? new Date().toISOString() } : n)),
          unreadCount: list.items.filter((n) => n.readAt === null && n.id !== id).length,
        };
        return json(200, list.items.find((n) => n.id === id));
      }
      if (path === '/notifications/read-all') {
        const updated = list.unreadCount;
        list = { items: list.items.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() })), unreadCount: 0 };
        return json(200, { updated, unreadCount: 0 });
      }
      return json(404, { detail: 'Not found' });
    }),
  );
  return calls;
}

function renderWithApp(ui: ReactNode, { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem(TOKEN_KEY, 'token-1');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <CurrencyProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </CurrencyProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PriceTrackingIcon', () => {
  it('shows the unread count in its badge and its label', async () => {
    stubApi(notificationList([1, 2, 3], [4]));
    renderWithApp(<PriceTrackingIcon />);
    const link = await screen.findByRole('link', { name: 'Price Tracking, 3 unread' });
    expect(link).toHaveProperty('href', expect.stringMatching(/\/price-tracking$/));
    expect(within(link).getByTestId('unread-badge').textContent).toBe('3');
  });

  it('has no badge without unread notifications', async () => {
    const calls = stubApi(notificationList([], [1]));
    renderWithApp(<PriceTrackingIcon />);
    await waitFor(() => expect(calls).toContain('GET /notifications'));
    expect(screen.getByRole('link', { name: 'Price Tracking' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});

describe('NotificationsPanel', () => {
  it('lists notifications newest first and marks one, then all, read', async () => {
    const calls = stubApi(notificationList([1, 2], [3]));
    renderWithApp(
      <>
        <PriceTrackingIcon />
        <NotificationsPanel />
      </>,
    );
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.dataset.unread)).toEqual(['true', 'true', 'false']);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'View product' })).toHaveProperty('href', expect.stringMatching(/\/product\/101$/));

    await userEvent.click(screen.getByRole('button', { name: 'Mark "Price alert: Phone 1 is now ₹9,999" as read' }));
    await screen.findByRole('link', { name: 'Price Tracking, 1 unread' });
    expect(calls).toContain('POST /notifications/1/read');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('link', { name: 'Price Tracking' });
    expect(calls).toContain('POST /notifications/read-all');
    expect(screen.getAllByTestId('notification').every((item) => item.dataset.unread === 'false')).toBe(true);
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    stubApi(notificationList([]));
    renderWithApp(<NotificationsPanel />);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });
});

describe('BackInStockButton', () => {
  it('is only there for products no store has in stock, and creates a back-in-stock alert', async () => {
    const calls = stubApi(notificationList([]));
    const { rerender } = renderWithApp(<BackInStockButton product={{ id: 7, name: 'Noise Buds', inStock: true }} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <BackInStockButton product={{ id: 7, name: 'Noise Buds', inStock: false }} />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toContain('GET /auth/profile'));
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when back in stock' }));
    expect(await screen.findByRole('button', { name: "We'll notify you" })).toBeTruthy();
    expect(calls).toContain('POST /price-alerts');
    expect(toastMock.success).toHaveBeenCalledWith('Back-in-stock alert set', { description: "We'll let you know when Noise Buds is back in stock." });
  });

  it('asks a signed-out shopper to sign in', async () => {
    stubApi(notificationList([]));
    renderWithApp(<BackInStockButton product={{ id: 7, name: 'Noise Buds', inStock: false }} />, { signedIn: false });
    await userEvent.click(screen.getByRole('button', { name: 'Notify me when back in stock' }));
    expect(toastMock.error).toHaveBeenCalledWith('You need to be logged in to create price alerts.', expect.anything());
  });
});

describe('DealInsightCard', () => {
  const now = new Date('2025-06-30T12:00:00.000Z');
  const point = (days: number, price: number) => ({ price, date: new Date(now.getTime() - days * DAY_MS).toISOString() });

  it('shows lowest ever, highest, the 90-day median and the verdict', () => {
    stubApi(notificationList([]));
    renderWithApp(<DealInsightCard priceHistory={[point(120, 1000), point(60, 900), point(30, 1000)]} currentPrice={950} originalPrice={1200} now={now} />, {
      signedIn: false,
    });
    const card = screen.getByTestId('deal-insight');
    expect(within(card).getByRole('heading', { name: 'Deal insight' })).toBeTruthy();
    expect(screen.getByTestId('deal-verdict').textContent).toBe('Good deal');
    expect(within(card).getByText('Lowest ever').closest('div')?.textContent).toContain('₹900');
    expect(within(card).getByText('Highest').closest('div')?.textContent).toContain('₹1,000');
    expect(within(card).getByText('90-day median').closest('div')?.textContent).toContain('₹1,000');
    expect(screen.queryByTestId('fake-sale-warning')).toBeNull();
  });

  it('says wait when the price is above usual, and warns of a discount after a recent rise', () => {
    stubApi(notificationList([]));
    renderWithApp(
      <DealInsightCard priceHistory={[point(20, 1000), point(10, 1100), point(2, 1200)]} currentPrice={1200} originalPrice={1500} now={now} />,
      { signedIn: false },
    );
    expect(screen.getByTestId('deal-verdict').textContent).toBe('Wait: price is higher than usual');
    expect(screen.getByTestId('fake-sale-warning').textContent).toMatch(/raised in the last 14 days/);
  });

  it('calls a 90-day low by its name', () => {
    stubApi(notificationList([]));
    renderWithApp(<DealInsightCard priceHistory={[point(100, 1000), point(50, 800), point(10, 900)]} currentPrice={799} now={now} />, { signedIn: false });
    expect(screen.getByTestId('deal-verdict').textContent).toBe('Lowest price in 90 days');
  });
});
