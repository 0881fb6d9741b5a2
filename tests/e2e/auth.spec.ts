import { type APIRequestContext, expect, type Page, test } from './fixtures/test';

const TOKEN_KEY = 'bachat.token';
type TestUser = { username: string; firstName: string; lastName: string; email: string; password: string };

let serial = 0;
function newUser(firstName = 'Asha', lastName = 'Rao'): TestUser {
  const id = `au${Date.now().toString(36)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: id, firstName, lastName, email: `${id}@example.in`, password: 'secret123' };
}

async function signUp(request: APIRequestContext, user: TestUser) {
  const response = await request.post('/api/auth/signup', { data: user });
  expect(response.status()).toBe(201);
}

async function tokenFor(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs the browser in the way the app keeps a session: the token in local storage. */
async function signInWithToken(page: Page, token: string, path = '/') {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
}

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
}

async function expectToast(page: Page, title: string, description: string, type?: 'success' | 'error') {
  const item = toast(page, title);
  await expect(item).toBeVisible();
  await expect(item.locator('[data-title]')).toHaveText(title);
  await expect(item.locator('[data-description]')).toHaveText(description);
  if (type) await expect(item).toHaveAttribute('data-type', type);
}

async function openDialog(page: Page) {
  await page.locator('header').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Bachat' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('auth dialog', () => {
  test('opens from the header with the brand title, subtitle, two tabs and a password toggle', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Welcome to Bachat' })).toBeVisible();
    await expect(dialog.getByText('Sign in to save your favorite products and set price alerts')).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'Create Account' })).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeVisible();
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('hunter22');
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    for (const label of ['Username', 'First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
  });

  test('Sign In validation: both required messages together, then "Email is invalid"', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Email').fill('asha@example');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog.getByText('Email is invalid')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
  });

  test('Create Account validation: all six required messages at once, then format, length and match', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    for (const message of [
      'Username is required',
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }

    await dialog.getByLabel('Username').fill('asha');
    await dialog.getByLabel('First Name').fill('Asha');
    await dialog.getByLabel('Last Name').fill('Rao');
    await dialog.getByLabel('Email').fill('not an email');
    await dialog.getByLabel('Password', { exact: true }).fill('12345');
    await dialog.getByLabel('Confirm Password').fill('123456');
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(dialog.getByText('Email is invalid')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await expect(dialog.getByText('Username is required')).toBeHidden();
  });

  test('Create Account signs up, logs in with the same credentials, toasts, closes and clears the form', async ({ page }) => {
    const user = newUser('Meera', 'Iyer');
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('First Name').fill(user.firstName);
    await dialog.getByLabel('Last Name').fill(user.lastName);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByLabel('Confirm Password').fill(user.password);

    await page.route('**/api/auth/signup', async (route) => {
      await delay(700);
      await route.continue();
    });
    const signupRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/signup'));
    const loginRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Creating account...' })).toBeDisabled();

    expect((await signupRequest).postDataJSON()).toEqual({
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      password: user.password,
    });
    expect((await loginRequest).postDataJSON()).toEqual({ email: user.email, password: user.password });
    await expectToast(page, 'Account Created!', 'Your account has been created successfully.', 'success');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('MI');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();

    // The form was cleared: logging out and reopening shows empty fields on the tab it was on.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const again = await openDialog(page);
    await again.getByRole('tab', { name: 'Create Account' }).click();
    await expect(again.getByLabel('Username')).toHaveValue('');
    await expect(again.getByLabel('Email')).toHaveValue('');
  });

  test('Signup failure shows "Signup Failed" with the server detail, or "Signup failed"', async ({ page, request }) => {
    const taken = newUser();
    await signUp(request, taken);
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await dialog.getByLabel('Username').fill(`${taken.username}x`);
    await dialog.getByLabel('First Name').fill('Asha');
    await dialog.getByLabel('Last Name').fill('Rao');
    await dialog.getByLabel('Email').fill(taken.email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.getByLabel('Confirm Password').fill('secret123');
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Signup Failed', 'Email is already registered', 'error');
    await expect(dialog).toBeVisible();

    await page.route('**/api/auth/signup', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Signup Failed', 'Signup failed', 'error');
  });

  test('Login failure shows "Login Failed" with the server detail, or "Login failed"; success says "Welcome back!"', async ({ page, request }) => {
    const user = newUser('Kabir', 'Singh');
    await signUp(request, user);
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Login Failed', 'Incorrect email or password', 'error');
    await expect(dialog).toBeVisible();

    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Login Failed', 'Login failed', 'error');
    await page.unroute('**/api/auth/login');

    await page.route('**/api/auth/login', async (route) => {
      await delay(700);
      await route.continue();
    });
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expectToast(page, 'Welcome back!', 'You have been successfully logged in.', 'success');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('KS');
    await expect(page.locator('header').getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  test('closing the dialog (Escape or the X) resets both forms and their errors', async ({ page }) => {
    await page.goto('/');
    let dialog = await openDialog(page);
    await dialog.getByLabel('Email').fill('typed@example.in');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await dialog.getByLabel('Username').fill('someone');
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page);
    await expect(dialog.getByLabel('Email')).toHaveValue('');
    await expect(dialog.getByText('Password is required')).toBeHidden();
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await expect(dialog.getByLabel('Username')).toHaveValue('');
    await expect(dialog.getByText('First name is required')).toBeHidden();

    await dialog.getByLabel('Username').fill('again');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await expect(dialog.getByLabel('Username')).toHaveValue('');
  });
});

test.describe('signed-in header', () => {
  test('signed out: Sign In only; signed in: wishlist and price-tracking icons and the avatar menu', async ({ page, request }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

    const user = newUser('Asha', 'Rao');
    await signUp(request, user);
    await signInWithToken(page, await tokenFor(request, user));
    await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(header.getByRole('link', { name: 'Price Tracking', exact: true }).last()).toHaveAttribute('href', '/price-tracking');
    await expect(header.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  test('the avatar menu shows initials, full name, email and its entries; Log out signs out (desktop)', async ({ page, request }) => {
    const user = newUser('Asha', 'Rao');
    await signUp(request, user);
    await signInWithToken(page, await tokenFor(request, user));
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toHaveText('AR');
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Asha Rao', { exact: true })).toBeVisible();
    await expect(menu.getByText(user.email)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(menu.getByRole('menuitem', { name: 'Price Alerts' })).toHaveAttribute('href', '/price-tracking');
    await expect(menu.getByRole('menuitem', { name: 'Comparisons' })).toHaveAttribute('href', '/comparison');
    await expect(menu.getByRole('menuitem')).toHaveText(['Wishlist', 'Price Alerts', 'Comparisons', 'Log out']);
    await page.screenshot({ path: 'test-results/screenshots/auth-avatar-menu-desktop.png' });

    await menu.getByRole('menuitem', { name: 'Comparisons' }).click();
    await expect(page).toHaveURL(/\/comparison$/);

    await avatar.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.locator('header').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await page.reload();
    await expect(page.locator('header').getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the mobile menu repeats the account entries, and Log out signs out and closes it', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = newUser('Neha', 'Kapoor');
    await signUp(request, user);
    await signInWithToken(page, await tokenFor(request, user));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByText('Neha Kapoor', { exact: true })).toBeVisible();
    await expect(sheet.getByText(user.email)).toBeVisible();
    const account = sheet.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(account.getByRole('link', { name: 'Price Alerts' })).toHaveAttribute('href', '/price-tracking');
    await expect(account.getByRole('link', { name: 'Comparisons' })).toHaveAttribute('href', '/comparison');
    await expect(sheet.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/auth-mobile-menu-signed-in.png' });

    await account.getByRole('button', { name: 'Log out' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.locator('header').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sheet.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Sign In' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Welcome to Bachat' })).toBeVisible();
  });

  test('a signed-in reload never flashes signed-out UI, even with a slow profile', async ({ page, request }) => {
    const user = newUser('Ravi', 'Menon');
    await signUp(request, user);
    const token = await tokenFor(request, user);
    await page.addInitScript(
      ([key, value]) => {
        localStorage.setItem(key, value);
        const seen = { signIn: false, prompt: false };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        const check = () => {
          for (const button of document.querySelectorAll('button')) {
            if (button.textContent?.trim() === 'Sign In' || button.textContent?.trim() === 'Sign In to Continue') seen.signIn = true;
          }
          if (document.body?.textContent?.includes('Sign in required')) seen.prompt = true;
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
      },
      [TOKEN_KEY, token] as const,
    );
    await page.route('**/api/auth/profile', async (route) => {
      await delay(1500);
      await route.continue();
    });
    await page.goto('/wishlist');
    await expect(page.getByLabel('Loading account')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading your wishlist' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('RM');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ signIn: false, prompt: false });

    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ signIn: false, prompt: false });

    // The recorder does notice signed-out UI: after logging out it has seen both.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ signIn: true, prompt: true });
  });

  test('a stored token the server rejects is removed and the user is signed out', async ({ page }) => {
    await page.goto('/');
    await page.evaluate((key) => localStorage.setItem(key, 'not-a-real-token'), TOKEN_KEY);
    await page.reload();
    await expect(page.locator('header').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });
});

test.describe('auth screenshots', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    test(`auth dialog at ${name} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      if (name === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click();
      } else {
        await page.locator('header').getByRole('button', { name: 'Sign In' }).click();
      }
      const dialog = page.getByRole('dialog', { name: 'Welcome to Bachat' });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/auth-sign-in-${name}.png` });
      await dialog.getByRole('tab', { name: 'Create Account' }).click();
      await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
      await expect(dialog.getByText('Please confirm your password')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/auth-create-account-errors-${name}.png` });
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    });
  }
});
