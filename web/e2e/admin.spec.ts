import { chromium } from '@playwright/test';
import { call, createCoupon, openAdminScreen, qrVideo, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, test } from './fixtures';

// The admin dashboard against the whole stack: nothing is mocked.
requireApi();

interface HeldCoupon {
  id: string;
  qrCode: string;
  redeemedAt: string | null;
  redeemedBy: string | null;
  coupon: { title: string };
}

/** A 1x1 PNG: enough for the upload path (sign, PUT, finalize) and for the post to show it. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const isoDateInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an admin publishes a post with an uploaded image', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  await useSession(page, admin);
  await page.goto('/admin-dashboard');
  await expect(page.getByText('Administrator', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'News' }).click();
  const form = page.getByRole('form', { name: 'Create news post' });
  const title = `E2E poster ${Date.now()}`;
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel('Content Type').selectOption('promotion');
  await form.getByLabel(/^Content( \*)?$/).fill('Two for one before 9.');
  // The media feature's Uppy dashboard opens as a modal outside the form.
  await form.getByRole('button', { name: 'Upload Image' }).click();
  await page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await page.getByRole('button', { name: /^Upload 1 file/ }).click();
  await expect(page.getByText('Image uploaded successfully', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText('poster.png')).toBeVisible();

  const [created] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/admin/news') && answer.request().method() === 'POST'),
    form.getByRole('button', { name: 'Create Post' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { featuredImageUrl: string | null };
  expect(post.featuredImageUrl).toBeTruthy();
  await expect(page.getByText('News post created successfully.', { exact: true })).toBeVisible();
  await expect(form.getByLabel(/^Title/)).toHaveValue('');

  const listed = page.getByRole('list', { name: 'Published posts' }).getByRole('listitem').filter({ hasText: title });
  const image = listed.locator('img');
  await expect(image).toHaveAttribute('src', `/media/${post.featuredImageUrl}`);
  const served = await request.get(`/media/${post.featuredImageUrl}`);
  expect(served.status()).toBe(200);
});

test('an admin creates a coupon (valid until the end of a club night) and deletes it', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  await useSession(page, admin);
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  const form = page.getByRole('form', { name: 'Create coupon' });
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const title = `E2E free drink ${code}`;
  const date = isoDateInDays(30);
  await form.getByLabel(/^Coupon Code/).fill(code);
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Description/).fill('One house drink.');
  await form.getByLabel('Type').selectOption('free_drink');
  await form.getByLabel('Points Cost').fill('15');
  await form.getByLabel('Valid Until').fill(date);
  const [created] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/admin/coupons') && answer.request().method() === 'POST'),
    form.getByRole('button', { name: 'Create Coupon' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const sent = created.request().postDataJSON() as { validUntil: string; value: null; maxUses: null; pointsCost: number };
  // 06:00 the next morning in Sydney is 19:00 or 20:00 UTC on the chosen date.
  expect(sent.validUntil).toMatch(new RegExp(`^${date}T(19|20):00:00\\.000Z$`));
  expect(sent).toMatchObject({ value: null, maxUses: null, pointsCost: 15 });
  await expect(page.getByText('Coupon created successfully!', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('listitem', { name: title });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete coupon?' }).getByRole('button', { name: 'Delete Coupon' }).click();
  await expect(page.getByText('Coupon deleted successfully!', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an admin starts the bulk ActiveCampaign sync and the bar reaches 100%', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin(request);
  const status = await call<{ configured: boolean }>(request, 'GET', '/api/admin/integrations/activecampaign', admin);
  await useSession(page, admin);
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'ActiveCampaign' }).click();
  if (!status.configured) {
    // Without AC_API_URL/AC_API_KEY the button is off and the tab names the variables instead of pretending.
    await expect(page.getByRole('button', { name: 'Sync All Members to ActiveCampaign' })).toBeDisabled();
    await expect(page.getByRole('list', { name: 'Required variables' }).getByText('AC_API_KEY')).toBeVisible();
    test
      .info()
      .annotations.push({ type: 'note', description: 'ActiveCampaign not configured: only the disabled sync was checked' });
    return;
  }
  await page.getByRole('button', { name: 'Sync All Members to ActiveCampaign' }).click();
  const bar = page.getByRole('progressbar', { name: 'Bulk sync progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByText('Bulk Sync Complete!', { exact: true })).toBeVisible();
});

test("an admin scans a member's QR code with the camera, redeems it, and a second scan is rejected", async ({ request }) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E door deal ${Date.now()}` });
  const member = await registerMember(request, 'Quinn');
  const held = await call<HeldCoupon>(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);
  const video = qrVideo(JSON.stringify({ userCouponId: held.id, token: held.qrCode }));

  // The fake camera's video must be given at launch, so this test starts its own Chromium.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
    await useSession(page, admin);
    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: 'Coupons' }).click();
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await expect(dialog.getByText('Position the QR code within the camera frame').first()).toBeVisible();
    await expect(dialog.getByText('Valid Coupon Detected!')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(coupon.title);
    // Of the member, what the door sees: first name and tier.
    await expect(dialog).toContainText('Quinn');
    await expect(dialog).toContainText('Bronze');

    await dialog.getByRole('button', { name: 'Redeem Coupon' }).click();
    await expect(page.getByText('Coupon Redeemed!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const [after] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons;
    expect(after?.redeemedAt).toBeTruthy();

    // The same code again: the api reports it invalid and the scanner stays open for the next one.
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    await expect(page.getByText('Invalid QR Code', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Valid Coupon Detected!')).toHaveCount(0);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('an admin undoes a redemption from the scan log: the coupon is claimed again', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E undo deal ${Date.now()}` });
  const member = await registerMember(request, 'Riley');
  const held = await call<HeldCoupon>(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);
  await call(request, 'POST', '/api/door/redeem', admin, {
    text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }),
    method: 'scan',
  });

  await useSession(page, admin);
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await page
    .getByRole('list', { name: 'Recent scans' })
    .getByRole('button', { name: `Undo redemption of ${coupon.code}` })
    .click();
  await expect(page.getByText('Redemption undone', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Undo redemption of ${coupon.code}` })).toHaveCount(0);
  const [after] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons;
  expect(after?.redeemedAt).toBeNull();
});

test('the admin tabs are keyboard reachable: arrows move, Enter opens the screen at its own address', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(request);
  await useSession(page, admin);
  await page.goto('/admin-dashboard');
  const overview = page.getByRole('tab', { name: 'Overview' });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  await overview.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'News' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin\/news$/);
});

test('every admin screen fits a 375 px phone, opened from the menu, which the keyboard reaches', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  await useSession(page, admin);
  await page.setViewportSize(PHONE);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('tablist', { name: 'Admin dashboard' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu: Overview' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('Escape');
  for (const screen of [
    'Overview',
    'News',
    'Comments',
    'Members',
    'ActiveCampaign',
    'Coupons',
    'Bookings',
    'Messages',
    'Webhooks',
    'Staff',
  ]) {
    await openAdminScreen(page, screen);
    expect(await hasHorizontalScroll(page), `${screen} scrolls sideways`).toBe(false);
  }
});

test('a member who opens the admin pages is sent to the members area', async ({ page, request }) => {
  const member = await registerMember(request, 'Mo');
  await useSession(page, member);
  await page.goto('/admin/content');
  await expect(page).toHaveURL(/\/member-dashboard$/);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/member-dashboard$/);
});
