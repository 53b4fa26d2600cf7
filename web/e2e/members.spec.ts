import { randomUUID } from 'node:crypto';
import {
  call,
  createCoupon,
  decodeQr,
  PASSWORD,
  registerMember,
  requireApi,
  signInAdmin,
  uniqueEmail,
  useSession,
  type Session,
} from './club';
import { expect, hasHorizontalScroll, PHONE, test } from './fixtures';

// The members area against the whole stack: nothing is mocked.
requireApi();

interface HeldCoupon {
  id: string;
  qrCode: string;
  coupon: { title: string };
}

test('a member earns, spends and redeems: welcome bonus, +5 for a comment, a claim debit, the QR code, Redeem Now', async ({
  page,
  request,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  const admin = await signInAdmin(request);
  const title = `E2E night ${randomUUID().slice(0, 6)}`;
  await call(request, 'POST', '/api/admin/news', admin, {
    title,
    content: 'Doors at 7.',
    contentType: 'event',
    featuredImageUrl: null,
  });
  const coupon = await createCoupon(request, admin, { pointsCost: 10 });

  // Register through the page.
  await page.goto('/members-register');
  await page.getByLabel('Email').fill(uniqueEmail('club'));
  await page.getByLabel('First Name').fill('Erin');
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Date of birth').fill('1990-06-15');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/member-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Members Area' })).toBeVisible();
  // Registering is the first sign-in.
  await expect(page.getByText('Welcome, Erin!', { exact: true })).toBeVisible();
  // From here on only the members area is on screen: it must log no errors.
  consoleErrors.length = 0;
  const session = await page.evaluate(() => ({
    sessionId: localStorage.getItem('sessionId') ?? '',
    user: JSON.parse(localStorage.getItem('user') ?? '{}') as Session['user'],
  }));
  const bonus = session.user.currentPoints;
  const points = page.getByTestId('header-points');
  await expect(points).toHaveText(`${bonus} points`);

  // The welcome bonus is in the history.
  await page.getByRole('tab', { name: 'Points' }).click();
  const history = page.getByRole('list', { name: 'Point history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Welcome bonus' })).toContainText(`+${bonus}`);

  // A comment earns 5 points: header and history.
  await page.getByRole('tab', { name: 'News Feed' }).click();
  await expect(page.getByText('Select a news post to view and add comments', { exact: true })).toBeVisible();
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'View & Comment' }).click();
  const box = page.getByPlaceholder('Share your thoughts...');
  const send = page.getByRole('button', { name: 'Post Comment (+5 pts)' });
  await expect(send).toBeDisabled();
  await box.fill('See you on the dance floor!');
  await send.click();
  await expect(page.getByText('Comment posted!', { exact: true })).toBeVisible();
  await expect(page.getByText('You earned 5 points for commenting.', { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText('See you on the dance floor!');
  await expect(points).toHaveText(`${bonus + 5} points`);
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(history.getByText('+5', { exact: true })).toBeVisible();

  // Claiming costs 10 points: it asks first, with the balance after.
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const offer = page.getByRole('list', { name: 'Available coupons' }).getByRole('listitem').filter({ hasText: coupon.title });
  await offer.getByRole('button', { name: 'Claim' }).click();
  const ask = page.getByRole('dialog', { name: 'Claim for 10 points?' });
  await expect(ask).toContainText(`You'll have ${bonus + 5 - 10} left.`);
  await ask.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Coupon claimed!', { exact: true })).toBeVisible();
  await expect(points).toHaveText(`${bonus + 5 - 10} points`);
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(history.getByText('-10', { exact: true })).toBeVisible();

  // The QR code on the page holds exactly what the API accepts.
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const held = page.getByRole('listitem', { name: coupon.title });
  await expect(held.getByText('50% off', { exact: true })).toBeVisible();
  const qr = held.getByTestId('coupon-qr');
  await expect(qr).toBeVisible();
  const text = decodeQr(await qr.screenshot());
  const [mine] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', session)).coupons.filter(
    (item) => item.coupon.title === coupon.title,
  );
  expect(JSON.parse(text ?? 'null')).toEqual({ userCouponId: mine?.id, token: mine?.qrCode });
  const scanned = JSON.parse(text ?? '{}') as { userCouponId: string; token: string };
  const check = await call<{ kind: string; ok: boolean }>(request, 'POST', '/api/door/check', admin, {
    text: JSON.stringify(scanned),
    method: 'scan',
  });
  expect(check).toMatchObject({ kind: 'coupon', ok: true });

  // Redeem Now asks first: Cancel leaves the coupon as it was; Redeem spends it and the badge
  // replaces the button.
  await held.getByRole('button', { name: 'Redeem Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Redeem this coupon?' });
  await expect(confirm).toContainText('Staff at the door will see it as redeemed');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(held.getByTestId('coupon-qr')).toBeVisible();
  await held.getByRole('button', { name: 'Redeem Now' }).click();
  await confirm.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByText('Coupon redeemed!', { exact: true })).toBeVisible();
  await expect(held.getByText('Redeemed', { exact: true })).toBeVisible();
  await expect(held.getByRole('button', { name: 'Redeem Now' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('tabs work from the keyboard, Profile shows the member, and logout signs out', async ({ page, request }) => {
  const member = await registerMember(request, 'Kim');
  await useSession(page, member);
  await page.goto('/member-dashboard');
  const newsTab = page.getByRole('tab', { name: 'News Feed' });
  await expect(newsTab).toHaveAttribute('aria-selected', 'true');
  await newsTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Coupons' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(member.user.email);
  await expect(page.getByRole('tabpanel')).toContainText('Member Since');

  const [logout] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/auth/logout')),
    page.getByRole('button', { name: 'Logout' }).click(),
  ]);
  expect(logout.status()).toBe(200);
  await expect(page).toHaveURL(/\/members-login$/);
  expect(await page.evaluate(() => [localStorage.getItem('sessionId'), localStorage.getItem('user')])).toEqual([null, null]);
  // The session is revoked on the server too.
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${member.sessionId}` } });
  expect(me.status()).toBe(401);
});

test('the members area fits a 375 px phone', async ({ page, request }) => {
  const member = await registerMember(request, 'Pat');
  await useSession(page, member);
  await page.setViewportSize(PHONE);
  await page.goto('/member-dashboard');
  for (const tab of ['News Feed', 'Coupons', 'Points', 'Profile']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await hasHorizontalScroll(page), `${tab} scrolls sideways`).toBe(false);
  }
});

test('on a phone, View & Comment opens the comments over the post, with the comment box in view', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  // Several posts, so the chosen one is not the last: the old side panel opened under the whole feed.
  const title = `Phone night ${randomUUID().slice(0, 6)}`;
  await call(request, 'POST', '/api/admin/news', admin, {
    title,
    content: 'Doors at 7.',
    contentType: 'event',
    featuredImageUrl: null,
  });
  for (let i = 0; i < 3; i += 1) {
    await call(request, 'POST', '/api/admin/news', admin, {
      title: `${title} (later ${i})`,
      content: 'More to come.',
      contentType: 'announcement',
      featuredImageUrl: null,
    });
  }
  const member = await registerMember(request, 'Pia');
  await useSession(page, member);
  await page.setViewportSize(PHONE);
  await page.goto('/member-dashboard');
  // The oldest of the four sits lowest in the feed.
  const article = page.getByRole('article', { name: title, exact: true });
  await article.scrollIntoViewIfNeeded();
  await article.getByRole('button', { name: 'View & Comment' }).click();

  const sheet = page.getByRole('dialog', { name: 'Comments' });
  await expect(sheet).toBeVisible();
  const box = sheet.getByPlaceholder('Share your thoughts...');
  await expect(box).toBeInViewport();
  await expect(box).toBeFocused();
  await box.fill('Count me in');
  await sheet.getByRole('button', { name: 'Post Comment (+5 pts)' }).click();
  await expect(sheet.getByRole('list', { name: 'Comments' })).toContainText('Count me in');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(article.getByTestId('comment-count')).toHaveText('1 comment');
  await expect(article).toBeInViewport();
});

test('without a session the members area sends visitors to sign in', async ({ page }) => {
  await page.goto('/member-dashboard');
  await expect(page).toHaveURL(/\/members-login$/);
});
