import type { Locator, Page } from '@playwright/test';
import { call, createCoupon, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, seriousViolations, test } from './fixtures';

// Against the whole stack: the Overview answers "how was tonight". A member's
// claim and redemption show up in tonight's figures, the 8-night charts draw (recharts, loaded
// with the tab), and the tab passes axe on a laptop and on a phone.
requireApi();

const LAPTOP = { width: 1280, height: 800 };

async function openOverview(page: Page) {
  await page.goto('/admin-dashboard');
  // The first screen, at its own address (a tab on a laptop, the menu's choice on a phone).
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { name: /^Tonight · \w{3} \d{1,2} \w{3} from 06:00$/ })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
}

/** The number under a figure's label in one of the overview's figure lists. */
async function figure(list: Locator, label: string): Promise<number> {
  const text = await list
    .locator('div')
    .filter({ has: list.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first()
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

test("a member's claim and redemption show up in tonight's figures", async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 5, maxUses: null });
  await useSession(page, admin);
  await page.setViewportSize(LAPTOP);
  await openOverview(page);
  const tonight = page.getByLabel('Figures of the night');
  const now = page.getByLabel('Figures of right now');
  const before = {
    claims: await figure(tonight, 'Claims'),
    redemptions: await figure(tonight, 'Redemptions'),
    newMembers: await figure(tonight, 'New members'),
    spent: await figure(tonight, 'Points spent'),
    outstanding: await figure(now, 'Points outstanding'),
  };

  const member = await registerMember(request, 'Tonight');
  const held = await call<{ id: string }>(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);
  await call(request, 'POST', `/api/coupons/redeem/${held.id}`, member);

  await page.reload();
  await openOverview(page);
  await expect.poll(() => figure(tonight, 'Claims')).toBe(before.claims + 1);
  expect(await figure(tonight, 'Redemptions')).toBe(before.redemptions + 1);
  expect(await figure(tonight, 'New members')).toBe(before.newMembers + 1);
  expect(await figure(tonight, 'Points spent')).toBe(before.spent + 5);
  // The welcome bonus in, the coupon's price out.
  expect(await figure(now, 'Points outstanding')).toBe(before.outstanding + 20 - 5);

  // The charts draw, each with its figures as a table for screen readers.
  for (const chart of ['Coupons', 'Members and comments', 'Points']) {
    await expect(page.locator(`figure[data-chart="${chart}"] .recharts-wrapper > svg.recharts-surface`)).toBeVisible();
    await expect(page.getByRole('table', { name: `${chart}, per night` })).toBeAttached();
  }
  await expect(page.locator('figure[data-chart="Coupons"] .recharts-bar-rectangle').first()).toBeVisible();
  const couponsTable = page.getByRole('table', { name: 'Coupons, per night' });
  await expect(couponsTable.getByRole('row')).toHaveCount(9);

  // Queue and ActiveCampaign health, from the same answer.
  await expect(page.getByRole('heading', { name: 'Queues' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Jobs per queue' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'ActiveCampaign sync' })).toBeVisible();
});

for (const [device, viewport] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
] as const) {
  test(`the Overview on a ${device}: no serious or critical axe violations, nothing wider than the screen`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await useSession(page, await signInAdmin(request));
    await openOverview(page);
    await expect(page.locator('figure[data-chart="Points"] .recharts-wrapper > svg.recharts-surface')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
}
