import { call, createCoupon, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// The venue is underground: after one online visit, every members' tab opens with no network
// from the device's saved copy (service worker for the app, lib/offline-cache for the data), under
// "Offline: updated HH:MM", dates in the venue's saved time zone; what needs the server says so.
requireApi();

interface HeldCoupon {
  id: string;
  shortCode: string;
  coupon: { title: string };
}

/** "Use by Mon 30 Nov, 04:00" for an instant on the venue's clocks (the year only when not this year there). */
function useByPattern(iso: string, timeZone: string): RegExp {
  const at = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return new RegExp(`^Use by ${at['weekday']} ${at['day']} ${at['month']}( \\d{4})?, ${at['hour']}:${at['minute']}$`);
}

const OFFLINE_NOTE = /^Offline: updated \d\d:\d\d$/;

test("after one visit, with no signal every members' tab shows its saved content and dates", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { timeZone } = await call<{ timeZone: string }>(request, 'GET', '/api/venue');
  const admin = await signInAdmin(request);
  const validUntil = new Date(Date.now() + 3 * 86_400_000).toISOString().replace(/:\d\d\.\d+Z$/, ':00.000Z');
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E offline deal ${Date.now()}`, validUntil });
  const other = await createCoupon(request, admin, { pointsCost: 0, title: `E2E offline other ${Date.now()}` });
  const newsTitle = `E2E offline news ${Date.now()}`;
  await call(request, 'POST', '/api/admin/news', admin, {
    title: newsTitle,
    content: 'Doors at 7.',
    contentType: 'event',
    featuredImageUrl: null,
  });
  const member = await registerMember(request, 'Robin');
  await call(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);
  const [held] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons.filter(
    (c) => c.coupon.title === coupon.title,
  );
  const card = await call<{ shortCode: string }>(request, 'GET', '/api/auth/me/card', member);

  // The one online visit: each tab once.
  await useSession(page, member);
  await page.goto('/member-dashboard');
  await expect(page.getByRole('heading', { name: newsTitle })).toBeVisible();
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const item = page.getByRole('listitem', { name: coupon.title });
  await expect(item.getByTestId('coupon-qr')).toBeVisible();
  await expect(item.getByText(useByPattern(validUntil, timeZone))).toBeVisible();
  await page.getByRole('tab', { name: 'My card' }).click();
  await expect(page.getByTestId('card-short-code')).toHaveText(card.shortCode);
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(page.getByRole('list', { name: 'Point history' }).getByRole('listitem').first()).toBeVisible();
  // The service worker registers once the page is idle and then controls it.
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
    undefined,
    { timeout: 20_000 },
  );

  await context.setOffline(true);
  await page.reload();
  const note = page.getByTestId('offline-note');

  // News Feed: the saved post and its day; a like says it needs a connection.
  await expect(page.getByRole('heading', { name: newsTitle })).toBeVisible();
  await expect(page.getByText('Failed to fetch news')).toBeHidden();
  await expect(note).toHaveText(OFFLINE_NOTE);
  const post = page.getByRole('article').filter({ hasText: newsTitle });
  await expect(post.locator('time')).toHaveText(/^\w{3} \d{1,2} \w{3}( \d{4})?$/);
  await post.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByText("You're offline: liking needs a connection", { exact: true })).toBeVisible();

  // Coupons and My Coupons: the QR, the short code, the use-by on the venue's clocks.
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await expect(note).toHaveText(OFFLINE_NOTE);
  await expect(page.getByText('Failed to fetch coupons')).toBeHidden();
  const saved = page.getByRole('listitem', { name: coupon.title });
  await expect(saved.getByTestId('coupon-qr')).toBeVisible();
  await expect(saved.getByTestId('coupon-short-code')).toHaveText(held!.shortCode);
  await expect(saved.getByText(useByPattern(validUntil, timeZone))).toBeVisible();
  await expect(saved.getByText(/^Claimed:/)).toBeVisible();
  await expect(saved.locator('dd').first()).toHaveText(/^\w{3} \d{1,2} \w{3}( \d{4})?, \d\d:\d\d$/);
  const offer = page.getByRole('list', { name: 'Available coupons' }).getByRole('listitem').filter({ hasText: other.title });
  await expect(offer.getByText('No expiry', { exact: true })).toBeVisible();
  // Claiming and redeeming need the server, and say so when tapped.
  await offer.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText("You're offline: claiming needs a connection", { exact: true })).toBeVisible();
  await saved.getByRole('button', { name: 'Redeem Now' }).click();
  await expect(page.getByText("You're offline: redeeming needs a connection", { exact: true })).toBeVisible();

  // My card: the QR, the short code and the member-since day.
  await page.getByRole('tab', { name: 'My card' }).click();
  await expect(note).toHaveText(OFFLINE_NOTE);
  await expect(page.getByTestId('card-qr')).toBeVisible();
  await expect(page.getByTestId('card-short-code')).toHaveText(card.shortCode);
  await expect(page.getByText(/^\w{3} \d{1,2} \w{3}( \d{4})?$/)).toBeVisible();

  // Points: the saved history with its venue times.
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(note).toHaveText(OFFLINE_NOTE);
  const history = page.getByRole('list', { name: 'Point history' });
  await expect(history.locator('time').first()).toHaveText(/^\w{3} \d{1,2} \w{3}( \d{4})?, \d\d:\d\d$/);

  // Back online, the next refresh (here: the member opening the tab again) clears the note, and
  // the coupon is still unredeemed.
  await context.setOffline(false);
  await page.getByRole('tab', { name: 'News Feed' }).click();
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await expect(note).toBeHidden();
  await expect(saved.getByRole('button', { name: 'Redeem Now' })).toBeVisible();
});

test("offline, every members' tab shows one saved moment that agrees with itself, and no error", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin(request);
  const member = await registerMember(request, 'Kai');
  const header = page.getByTestId('header-points');
  const tabs = ['News Feed', 'Coupons', 'My card', 'Points', 'Profile'];

  // Online: every tab once, then back on the News Feed (the Points tab's history is off screen).
  await useSession(page, member);
  await page.goto('/member-dashboard');
  await expect(header).toHaveText('20 points');
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
  }
  await page.getByRole('tab', { name: 'News Feed' }).click();
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
    undefined,
    { timeout: 20_000 },
  );

  // The server moves the points; the header's poll (here: the signal coming back) sees them.
  await call(request, 'POST', `/api/admin/members/${member.user.id}/points-adjustments`, admin, {
    points: 30,
    reason: 'E2E offline moment',
    countsTowardTier: true,
  });
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await context.setOffline(false);
  await expect(header).toHaveText('50 points');
  // What the device saved says the same: the history and the tier card follow the points.
  await page.waitForFunction(() => {
    const saved = JSON.parse(localStorage.getItem('nocturne:saved-answers') ?? 'null') as {
      answers: Record<string, unknown>;
    } | null;
    const history = saved?.answers[JSON.stringify(['points', 'history'])] as { points: number }[] | undefined;
    const tier = saved?.answers[JSON.stringify(['auth', 'me', 'tier'])] as { toNext?: string } | undefined;
    return history?.some((entry) => entry.points === 30) && tier?.toNext === '50 points to Silver';
  });

  await context.setOffline(true);
  await page.reload();
  await expect(header).toHaveText('50 points');
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText('Failed to fetch');
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
  }
  // Points: the summary, the history and the tier card are one moment.
  await page.getByRole('tab', { name: 'Points' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(page.getByTestId('offline-note')).toHaveText(OFFLINE_NOTE);
  const figure = (term: string) => panel.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
  await expect(figure('Current Balance')).toHaveText('50');
  await expect(figure('Total Earned')).toHaveText('50');
  const history = panel.getByRole('list', { name: 'Point history' }).getByRole('listitem');
  await expect(history.filter({ hasText: '+30' })).toHaveCount(1);
  await expect(panel.getByRole('progressbar', { name: 'Progress to next tier' })).toHaveAttribute(
    'aria-valuetext',
    '50 points to Silver',
  );
  await expect(panel.getByRole('region', { name: 'Next: Silver' })).toContainText('50 points to Silver');
  await expect(panel.getByRole('region', { name: 'Bronze benefits' })).toBeVisible();
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
