import { requireApi, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// Bull Board in Chromium, entered the only way there is: signed in as staff, from the Overview.
// The board draws its queues, asks nothing of another host (Bull Board's page used to load Google
// Fonts, which the CSP refused on every load) and breaks no rule of the CSP.
requireApi();

test('an admin opens the queue dashboard from the Overview: the full board, nothing loaded from elsewhere', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await signInAdmin(request);
  await useSession(page, admin);
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  const refused: string[] = [];
  page.on('request', (sent) => {
    if (!sent.url().startsWith(origin) && !sent.url().startsWith('data:')) outside.push(sent.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });

  await page.goto('/admin-dashboard');
  await page.getByRole('button', { name: 'Open the queue dashboard' }).first().click();
  await expect(page).toHaveURL(/\/admin\/queues\/manage\/$/);
  for (const queue of ['email', 'activecampaign', 'webhooks', 'maintenance'])
    await expect(page.getByText(queue, { exact: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
  expect(refused).toEqual([]);

  // The pass is the browser's cookie for the board only; the app's pages never carry it.
  const cookies = await page.context().cookies();
  const pass = cookies.find((cookie) => cookie.name === 'nocturne_queues');
  expect(pass).toMatchObject({ path: '/admin/queues', httpOnly: true, sameSite: 'Strict' });
});

test('without signing in, the board sends the browser to the staff sign-in', async ({ page }) => {
  await page.goto('/admin/queues');
  await expect(page).toHaveURL(/\/admin-login$/);
});
