import { expect, test } from './fixtures';

test.describe('sign-in screen', () => {
  test('/members-login opens on Sign In with the full form', async ({ page }) => {
    await page.goto('/members-login');
    await expect(page.getByRole('heading', { name: 'Members Portal' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
    await expect(page.getByText(/Need help accessing your account\? Call us on \+61/)).toBeVisible();
  });

  // Staff sign in only; nobody creates an account here (PRODUCT.md §2.4).
  test('/admin-login is the staff sign-in with the full form and no Create Account', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByText('Create Account')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
    await expect(page.getByText(/Need help accessing your account\? Call us on \+61/)).toBeVisible();
  });

  test('/members-register opens Create Account with the free-membership note', async ({ page }) => {
    await page.goto('/members-register');
    await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Membership is completely free with no hidden fees.')).toBeVisible();
    for (const name of ['email', 'firstName', 'lastName', 'password', 'confirmPassword']) {
      await expect(page.locator(`[name="${name}"]`)).toBeVisible();
    }
  });

  test('tabs switch with clicks and arrow keys', async ({ page }) => {
    await page.goto('/members-login');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await expect(page.getByLabel('First Name')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Remember me')).toBeVisible();
  });

  test('show/hide toggles the password', async ({ page }) => {
    await page.goto('/members-login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('registration with different passwords says "Passwords do not match" and sends nothing', async ({ page }) => {
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) sent = true;
    });
    await page.goto('/members-register');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Lee');
    // Every other field is valid, so only the password check can stop the form.
    await page.getByLabel('Date of birth').fill('1990-06-15');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('long-enough-passwort');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    expect(sent).toBe(false);
  });

  test('Forgot your password opens the reset request; Back to Site returns home', async ({ page }) => {
    await page.goto('/members-login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByLabel('Remember me')).toBeVisible();
    await page.getByRole('link', { name: /Back to Site/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the reset page checks the token and the confirmation locally', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('This reset link is incomplete');
    await page.goto('/reset-password?token=abc');
    await page.getByLabel('New Password', { exact: true }).fill('long-enough-password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('different-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  });
});

test.describe('signed-in areas without a session', () => {
  for (const path of ['/member-dashboard', '/admin-dashboard', '/admin/content']) {
    test(`${path} redirects to /members-login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/members-login$/);
    });
  }

  test('a member on the admin content page is sent to /member-dashboard', async ({ page }) => {
    const user = {
      id: '8d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99',
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: null,
      role: 'member',
      isAdmin: false,
      currentPoints: 20,
      totalPoints: 20,
      memberTier: 'bronze',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    // The session is made up, so the api's answers are too (this runs without the api as well).
    await page.route('**/api/**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(new URL(route.request().url()).pathname === '/api/auth/me' ? user : { posts: [], nextCursor: null }),
      }),
    );
    await page.addInitScript((stored) => {
      localStorage.setItem('sessionId', 'member-session');
      localStorage.setItem('user', JSON.stringify(stored));
    }, user);
    await page.goto('/admin/content');
    await expect(page).toHaveURL(/\/member-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Members Area' })).toBeVisible();
  });
});
