import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TOKEN_KEY } from '@/web/lib/api-client';
import { AuthProvider, useAuth } from '@/web/lib/auth-session';
import { AuthDialog, failureText } from './auth-dialog';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
// The app's toasts go through lib/toast (which loads sonner on first use).
vi.mock('@/web/lib/toast', () => ({ toast: toastMock }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});

const user = { username: 'asha', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in' };

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers the auth endpoints; `responses` overrides them per path. */
function stubFetch(responses: Record<string, () => Response> = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const path = input.replace(/^\/api/, '');
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const override = responses[path];
    if (override) return override();
    if (path === '/auth/login') return json(200, { access_token: 'token-1', token_type: 'bearer' });
    if (path === '/auth/signup') return json(201, user);
    if (path === '/auth/profile') return json(200, user);
    return json(404, { detail: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Opener() {
  const { openAuthDialog, user: signedIn } = useAuth();
  return (
    <>
      <button type="button" onClick={() => openAuthDialog('signin')}>
        open sign in
      </button>
      <button type="button" onClick={() => openAuthDialog('signup')}>
        open sign up
      </button>
      <p>{signedIn ? `signed in as ${signedIn.email}` : 'signed out'}</p>
    </>
  );
}

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Opener />
        <AuthDialog />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('AuthDialog', () => {
  it('shows the brand title, subtitle and both tabs', async () => {
    stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Bachat' });
    expect(dialog.textContent).toContain('Sign in to save your favorite products and set price alerts');
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toBeTruthy();
  });

  it('Sign In shows every error together, then "Email is invalid"', async () => {
    stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await ui.type(screen.getByLabelText('Email'), 'not-an-email');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
  });

  it('toggles the password between hidden and shown', async () => {
    stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await ui.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await ui.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('Create Account shows all six required messages at once, then the format and match rules', async () => {
    stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign up' }));
    await ui.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'Username is required',
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await ui.type(screen.getByLabelText('Email'), 'asha@');
    await ui.type(screen.getByLabelText('Password'), '123');
    await ui.type(screen.getByLabelText('Confirm Password'), '1234');
    await ui.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('signs up without confirmPassword, logs in with the same credentials, toasts and closes', async () => {
    const calls = stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign up' }));
    await ui.type(screen.getByLabelText('Username'), 'asha');
    await ui.type(screen.getByLabelText('First Name'), 'Asha');
    await ui.type(screen.getByLabelText('Last Name'), 'Rao');
    await ui.type(screen.getByLabelText('Email'), 'Asha@Example.in');
    await ui.type(screen.getByLabelText('Password'), 'secret1');
    await ui.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await ui.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMock.success).toHaveBeenCalledWith('Account Created!', { description: 'Your account has been created successfully.' });
    expect(calls.find((call) => call.path === '/auth/signup')?.body).toEqual({
      username: 'asha',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      password: 'secret1',
    });
    expect(calls.find((call) => call.path === '/auth/login')?.body).toEqual({ email: 'asha@example.in', password: 'secret1' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-1');
    expect(await screen.findByText('signed in as asha@example.in')).toBeTruthy();
  });

  it('when the account is created but the automatic login fails, it says so and offers Sign In with the email filled in', async () => {
    stubFetch({ '/auth/login': () => new Response(null, { status: 503 }) });
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign up' }));
    await ui.type(screen.getByLabelText('Username'), 'asha');
    await ui.type(screen.getByLabelText('First Name'), 'Asha');
    await ui.type(screen.getByLabelText('Last Name'), 'Rao');
    await ui.type(screen.getByLabelText('Email'), 'asha@example.in');
    await ui.type(screen.getByLabelText('Password'), 'secret1');
    await ui.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await ui.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Login Failed', { description: 'Login failed' }));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('a failed login toasts the server detail and keeps the dialog open', async () => {
    stubFetch({ '/auth/login': () => json(401, { detail: 'Incorrect email or password' }) });
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    await ui.type(screen.getByLabelText('Email'), 'asha@example.in');
    await ui.type(screen.getByLabelText('Password'), 'wrong-password');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Login Failed', { description: 'Incorrect email or password' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a successful login toasts "Welcome back!" and closes', async () => {
    stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    await ui.type(screen.getByLabelText('Email'), 'asha@example.in');
    await ui.type(screen.getByLabelText('Password'), 'secret1');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMock.success).toHaveBeenCalledWith('Welcome back!', { description: 'You have been successfully logged in.' });
  });

  it('closing resets both forms and their errors', async () => {
    stubFetch();
    const ui = renderDialog();
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    await ui.type(screen.getByLabelText('Email'), 'typed@example.in');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    await ui.click(screen.getByRole('button', { name: 'open sign in' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Password is required')).toBeNull();
  });
});

describe('failureText', () => {
  it("uses the server's detail, else the fallback", () => {
    expect(failureText(new ApiError(409, 'Email is already registered', 'HTTP_ERROR', 'Email is already registered'), 'Signup failed')).toBe(
      'Email is already registered',
    );
    expect(failureText(new ApiError(500, 'Internal Server Error'), 'Signup failed')).toBe('Signup failed');
    expect(failureText(new ApiError(0, 'Network error', 'NETWORK_ERROR'), 'Login failed')).toBe('Login failed');
    expect(failureText(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});
