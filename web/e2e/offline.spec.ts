import { call, createCoupon, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// The venue is underground: after one online visit, My Coupons opens with no network and still
// shows the QR and the short code (service worker for the app, the device's saved copy for the data).
requireApi();

interface HeldCoupon {
  id: string;
  shortCode: string;
  coupon: { title: string };
}

test('My Coupons loads, the phone loses signal, a reload still shows the QR and the short code', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E offline deal ${Date.now()}` });
  const member = await registerMember(request, 'Robin');
  await call(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);
  const [held] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons.filter(
    (c) => c.coupon.title === coupon.title,
  );

  await useSession(page, member);
  await page.goto('/member-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const item = page.getByRole('listitem', { name: coupon.title });
  await expect(item.getByTestId('coupon-qr')).toBeVisible();
  await expect(item.getByTestId('coupon-short-code')).toHaveText(held!.shortCode);
  // The service worker registers once the page is idle and then controls it.
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
    undefined,
    { timeout: 20_000 },
  );

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await expect(page.getByText('Offline: showing your saved coupons')).toBeVisible();
  const saved = page.getByRole('listitem', { name: coupon.title });
  await expect(saved.getByTestId('coupon-qr')).toBeVisible();
  await expect(saved.getByTestId('coupon-short-code')).toHaveText(held!.shortCode);

  // Redeeming needs the server, and says so.
  await saved.getByRole('button', { name: 'Redeem Now' }).click();
  await page.getByRole('dialog', { name: 'Redeem this coupon?' }).getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByText("You're offline: this needs a connection.", { exact: true })).toBeVisible();

  // Back online, the next refresh (here: the member opening the tab again) clears the banner, and
  // the coupon is still unredeemed.
  await context.setOffline(false);
  await page.getByRole('tab', { name: 'News Feed' }).click();
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await expect(page.getByText('Offline: showing your saved coupons')).toBeHidden();
  await expect(saved.getByRole('button', { name: 'Redeem Now' })).toBeVisible();
});

test('admin pages are never answered from the service worker', async ({ page, context, request }) => {
  const admin = await signInAdmin(request);
  await useSession(page, admin);
  await page.goto('/member-dashboard');
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
    undefined,
    { timeout: 20_000 },
  );
  await context.setOffline(true);
  const failed = await page.goto('/admin-dashboard').then(
    () => false,
    () => true,
  );
  expect(failed).toBe(true);
});
