import { call, createCoupon, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// A paid claim asks first (PRODUCT.md §2.5): the cost and the balance after; Cancel spends nothing.
requireApi();

interface Me {
  currentPoints: number;
}

test('a paid claim shows its cost and the balance after; Cancel spends nothing, Claim spends it', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const member = await registerMember(request, 'Casey');
  await call(request, 'POST', `/api/admin/members/${member.user.id}/points-adjustments`, admin, {
    points: 300,
    reason: 'E2E: enough for a paid claim',
    countsTowardTier: false,
  });
  const before = (await call<Me>(request, 'GET', '/api/auth/me', member)).currentPoints;
  const coupon = await createCoupon(request, admin, { pointsCost: 150, title: `E2E paid ${Date.now()}` });

  await useSession(page, member);
  await page.goto('/member-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const offer = page.getByRole('list', { name: 'Available coupons' }).getByRole('listitem').filter({ hasText: coupon.title });
  await offer.getByRole('button', { name: 'Claim' }).click();
  const ask = page.getByRole('dialog', { name: 'Claim for 150 points?' });
  await expect(ask).toContainText(`You'll have ${before - 150} left.`);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();

  // Nothing was spent or claimed.
  expect((await call<Me>(request, 'GET', '/api/auth/me', member)).currentPoints).toBe(before);
  const mine = await call<{ coupons: { coupon: { title: string } }[] }>(request, 'GET', '/api/coupons/my', member);
  expect(mine.coupons.filter((held) => held.coupon.title === coupon.title)).toEqual([]);

  // Asked again and confirmed, it is claimed and the points are spent.
  await offer.getByRole('button', { name: 'Claim' }).click();
  await ask.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Coupon claimed!', { exact: true })).toBeVisible();
  await expect(page.getByTestId('header-points')).toHaveText(`${before - 150} points`);
  expect((await call<Me>(request, 'GET', '/api/auth/me', member)).currentPoints).toBe(before - 150);
});
