import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/web/lib/auth-session';
import { CurrencyProvider } from '@/web/lib/currency';
import { SetPriceAlertDialog } from './set-price-alert-dialog';

const product = { id: 42, name: 'Pixel 9 Pro', currentPrice: 79_999, image: '/p.svg', store: 'Flipkart' };
const user = { id: 1, username: 'priya', firstName: 'Priya', lastName: 'Sharma', email: 'priya@example.in' };

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let alertStatus = 201;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  alertStatus = 201;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url === '/api/auth/profile') return json(200, user);
      if (url === '/api/price-alerts' && init?.method === 'POST') {
        return alertStatus === 201 ? json(201, { id: 7, product, targetPrice: body.targetPrice }) : json(alertStatus, { detail: 'boom' });
      }
      if (url === '/api/price-alerts') return json(200, []);
      return json(404, { detail: 'not found' });
    }),
  );
  vi.spyOn(toast, 'success').mockImplementation(() => 1);
  vi.spyOn(toast, 'error').mockImplementation(() => 1);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>dialog {open ? 'open' : 'closed'}</p>
      <SetPriceAlertDialog product={product} open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>
        <AuthProvider>
          <Harness />
        </AuthProvider>
      </CurrencyProvider>
    </QueryClientProvider>,
  );
}

const alertPosts = () => calls.filter((call) => call.url === '/api/price-alerts' && call.method === 'POST');

describe('SetPriceAlertDialog', () => {
  it('shows the rupee label, a decimal number input, Cancel and Set Alert', async () => {
    localStorage.setItem('bachat.token', 't');
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Set Price Alert' })).toBeTruthy();
    const input = screen.getByLabelText('Target Price (₹)');
    expect(input.getAttribute('type')).toBe('number');
    expect(input.getAttribute('step')).toBe('0.01');
    expect(screen.queryByText(/\(\$\)/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Set Alert' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('dialog closed')).toBeTruthy();
  });

  it('signed in: sends the target parsed as a decimal and the product id, then closes', async () => {
    localStorage.setItem('bachat.token', 't');
    renderDialog();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/profile')).toBe(true));
    await userEvent.type(screen.getByLabelText('Target Price (₹)'), '71999.5');
    await userEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
    await waitFor(() => expect(alertPosts()).toHaveLength(1));
    expect(alertPosts()[0]?.body).toEqual({ productId: 42, targetPrice: 71999.5 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Price Alert Created', expect.anything()));
    expect(screen.getByText('dialog closed')).toBeTruthy();
  });

  it('quick picks fill a target a few percent below the current price', async () => {
    localStorage.setItem('bachat.token', 't');
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '10% below' }));
    expect((screen.getByLabelText('Target Price (₹)') as HTMLInputElement).value).toBe('71999.10');
    await userEvent.click(screen.getByRole('button', { name: '5% below' }));
    expect((screen.getByLabelText('Target Price (₹)') as HTMLInputElement).value).toBe('75999.05');
  });

  it('a failure shows "Failed to create price alert." and stays open', async () => {
    localStorage.setItem('bachat.token', 't');
    alertStatus = 500;
    renderDialog();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/profile')).toBe(true));
    await userEvent.type(screen.getByLabelText('Target Price (₹)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to create price alert.' }));
    expect(screen.getByText('dialog open')).toBeTruthy();
  });

  it('signed out: asks to log in and sends nothing', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('Target Price (₹)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You need to be logged in to create price alerts.', expect.anything()),
    );
    expect(alertPosts()).toHaveLength(0);
  });
});
