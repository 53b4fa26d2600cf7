import { call, createCoupon, decodeQr, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// One tap against the whole stack, with no wallet configured (as the e2e stack runs).
requireApi();

test('the card opens straight to a large code on a light background with the brightness hint; no wallet buttons while off', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Robin');
  const card = await call<{ qrPayload: string; shortCode: string }>(request, 'GET', '/api/auth/me/card', member);
  await useSession(page, member);

  // The app's "My card" shortcut.
  await page.goto('/member-dashboard?tab=card&big=1');
  const big = page.getByTestId('big-code');
  await expect(big).toBeVisible();
  await expect(big.getByText('Turn your screen brightness up')).toBeVisible();
  await expect(big.getByTestId('big-code-short-code')).toHaveText(card.shortCode);
  expect(await big.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  const qr = big.getByTestId('big-code-qr');
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThan(240);
  expect(decodeQr(await qr.screenshot())).toBe(card.qrPayload);

  // Close goes back to the card, which has no wallet button while the server has none.
  await big.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('card-qr')).toBeVisible();
  await expect(page).not.toHaveURL(/big=/);
  const wallet = await call<{ apple: boolean; google: boolean }>(request, 'GET', '/api/wallet', undefined);
  expect(wallet).toEqual({ apple: false, google: false });
  await expect(page.getByText('Add to Apple Wallet')).toHaveCount(0);
  await expect(page.getByText('Save to Google Wallet')).toHaveCount(0);

  // A held coupon: Large code, and no wallet buttons either.
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0 });
  await call(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);
  await page.goto('/member-dashboard?tab=coupons');
  const held = page.getByRole('list', { name: 'My coupons' }).getByRole('listitem', { name: coupon.title });
  await held.getByRole('button', { name: `Large code for ${coupon.title}` }).click();
  await expect(page.getByTestId('big-code').getByText('Turn your screen brightness up')).toBeVisible();
  await expect(page).toHaveURL(/big=/);
  await page.getByTestId('big-code').getByRole('button', { name: 'Close' }).click();
  await expect(held.getByText('Add to Apple Wallet')).toHaveCount(0);
});

test('the manifest offers the shortcuts to the card and the coupons', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { shortcuts: { name: string; url: string }[] };
  expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
    { name: 'My card', url: '/member-dashboard?tab=card&big=1' },
    { name: 'My coupons', url: '/member-dashboard?tab=coupons' },
  ]);
});
