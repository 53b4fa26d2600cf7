import { nextTotpCode, registerStaff, requireApi } from './club';
import { expect, test } from './fixtures';

// A second factor for staff, through the page. A manager lands on the enrolment
// after the password, sets up an authenticator app (the code computed from the key the page shows,
// as the app would), keeps the recovery codes, and next time signs in with a code. Another enrols a
// passkey through Chromium's virtual authenticator (CDP WebAuthn) and signs in with it.
requireApi();

async function signInOnPage(page: import('@playwright/test').Page, email: string, password: string, base = '') {
  await page.goto(`${base}/admin-login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
}

/**
 * Forgets the session as a closed browser would. Cleared from a page of the site where the app is
 * not running (its icon): cleared under the running app, its next refresh could write the session
 * back before the next navigation, and /admin-login then opens the dashboard (seen once in CI).
 */
async function signOut(page: import('@playwright/test').Page, base = '') {
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate(() => localStorage.clear());
}

/** A manager who has never enrolled: registered, promoted, no factor yet. */
async function freshManager(request: import('@playwright/test').APIRequestContext, name: string) {
  const account = await registerStaff(request, 'door', name);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`update members set role = 'manager' where email = $1`, [account.email]);
  } finally {
    await client.end();
  }
  return account;
}

test('a manager enrols an authenticator app and signs in with it', async ({ page, request }) => {
  const manager = await freshManager(request, 'Tessa');
  await signInOnPage(page, manager.email, manager.password);
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from your authenticator app').fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('I have saved these').check();
  await continueButton.click();
  await expect(page).toHaveURL(/\/admin/);

  await signOut(page);
  await signInOnPage(page, manager.email, manager.password);
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill('000000' === (await nextTotpCode(secret)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('not right');
  await page.getByLabel('Code from your authenticator app').fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);
});

test('another enrols a passkey with the virtual authenticator and signs in with it', async ({ page, request, browserName }) => {
  test.skip(browserName !== 'chromium', 'the virtual authenticator is a Chromium DevTools feature');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const manager = await freshManager(request, 'Paz');
  // A passkey's relying party is a domain, never an IP: the stack's loopback address is opened as localhost.
  const local = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1');
  local.hostname = 'localhost';
  const base = local.origin;
  await signInOnPage(page, manager.email, manager.password, base);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByLabel('I have saved these').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);

  await signOut(page, base);
  await signInOnPage(page, manager.email, manager.password, base);
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin/);
});
