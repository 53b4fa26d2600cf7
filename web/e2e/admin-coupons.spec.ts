import type { Page } from '@playwright/test';
import { call, createCoupon, openAdminScreen, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, seriousViolations, test } from './fixtures';

// Coupons, against the whole stack: an admin edits a coupon and switches it off, and the
// member no longer finds it in Available Coupons; the tab passes axe on a laptop and on a phone.
requireApi();

/** An instant as the venue's clocks show it: "2027-07-04 06:00" (the api's VENUE_TZ). */
function venueWallClock(iso: string, timeZone: string): string {
  const at = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${at['year']}-${at['month']}-${at['day']} ${at['hour']}:${at['minute']}`;
}

async function openCouponsTab(page: Page) {
  await page.goto('/admin-dashboard');
  await openAdminScreen(page, 'Coupons');
}

test('an admin edits a coupon and deactivates it; the member no longer sees it on offer', async ({ page, browser, request }) => {
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, maxUses: 50 });
  const member = await registerMember(request, 'Casey');

  // The member sees the coupon on offer first.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await useSession(memberPage, member);
  await memberPage.goto('/member-dashboard');
  await memberPage.getByRole('tab', { name: 'Coupons' }).click();
  const offers = memberPage.getByRole('list', { name: 'Available coupons' });
  await expect(offers.getByText(coupon.title, { exact: true })).toBeVisible();

  await useSession(page, admin);
  await openCouponsTab(page);
  const row = page.getByRole('listitem', { name: coupon.title });
  await expect(row.getByText('0 claimed · 0 redeemed')).toBeVisible();
  await expect(row.getByText('· 50 remaining')).toBeVisible();

  // Escape closes the edit dialog without saving.
  await row.getByRole('button', { name: `Edit ${coupon.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit coupon' });
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(coupon.title);
  await dialog.getByLabel(/^Title/).fill('Not saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const title = `${coupon.title} (edited)`;
  await row.getByRole('button', { name: `Edit ${coupon.title}` }).click();
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel('Max Uses').fill('20');
  // "Valid until" a club night: it ends at 06:00 the next morning on the venue's clocks (the api's
  // VENUE_TZ, whatever it is set to), summer time included.
  await dialog.getByLabel('Valid Until').fill('2027-07-03');
  const [saved] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.url().endsWith(`/api/admin/coupons/${coupon.id}`) && answer.request().method() === 'PATCH',
    ),
    dialog.getByRole('button', { name: 'Save Changes' }).click(),
  ]);
  expect(saved.status()).toBe(200);
  const { timeZone } = await call<{ timeZone: string }>(request, 'GET', '/api/venue');
  const sent = saved.request().postDataJSON() as { validUntil: string };
  expect(sent).toEqual({ title, maxUses: 20, validUntil: expect.any(String) });
  expect(venueWallClock(sent.validUntil, timeZone)).toBe('2027-07-04 06:00');
  await expect(page.getByText('Coupon updated successfully!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = page.getByRole('listitem', { name: title });
  await expect(edited.getByText('· 20 remaining')).toBeVisible();
  await expect(edited.getByText('Valid until Sun 4 Jul 2027, 06:00')).toBeVisible();
  // Opened again, the date reads as the night it was picked for.
  await edited.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(dialog.getByLabel('Valid Until')).toHaveValue('2027-07-03');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await edited.getByRole('button', { name: `Deactivate ${title}` }).click();
  await page.getByRole('dialog', { name: 'Deactivate coupon?' }).getByRole('button', { name: 'Deactivate Coupon' }).click();
  await expect(page.getByText('Coupon deactivated successfully!', { exact: true })).toBeVisible();
  await expect(edited.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(edited.getByRole('button', { name: `Activate ${title}` })).toBeVisible();

  // The member's next look (a reload here, the 30 s poll in use) no longer offers it.
  await memberPage.reload();
  await memberPage.getByRole('tab', { name: 'Coupons' }).click();
  await expect(memberPage.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0);
  await expect(memberPage.getByRole('tabpanel').getByText(title)).toHaveCount(0);
  await expect(memberPage.getByRole('tabpanel').getByText(coupon.title, { exact: true })).toHaveCount(0);
  await memberContext.close();
});

for (const [device, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`the Coupons tab and its dialogs pass axe on a ${device}`, async ({ page, request }) => {
    const admin = await signInAdmin(request);
    const coupon = await createCoupon(request, admin, {
      maxUses: 10,
      code: `E2E-LONG-CODE-${Date.now().toString(36).toUpperCase()}`,
    });
    await page.setViewportSize(viewport);
    await useSession(page, admin);
    await openCouponsTab(page);
    const row = page.getByRole('listitem', { name: coupon.title });
    await expect(row).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Each coupon is a card: nothing is cut off or pushes the page sideways on a phone.
    expect(await hasHorizontalScroll(page)).toBe(false);
    const lastAction = await row.getByRole('button', { name: `Delete ${coupon.title}` }).boundingBox();
    expect(lastAction!.x + lastAction!.width).toBeLessThanOrEqual(viewport.width);

    await row.getByRole('button', { name: `Edit ${coupon.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit coupon' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit coupon' })).toBeHidden();

    await row.getByRole('button', { name: `Deactivate ${coupon.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Deactivate coupon?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Deactivate coupon?' })).toBeHidden();
  });
}
