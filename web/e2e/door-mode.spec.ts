import { chromium, type Browser, type Page } from '@playwright/test';
import {
  call,
  createCoupon,
  registerMember,
  registerStaff,
  requireApi,
  screenshotVideo,
  signIn,
  signInAdmin,
  useSession,
  type Session,
} from './club';
import { expect, seriousViolations, test } from './fixtures';

// Door mode on a 390x844 phone, as a `door` account, against the whole stack. The
// camera is Chromium's fake device playing a screenshot of the member's own screen: the QR as My
// Coupons or My card renders it, held at about arm's length (half the frame's height).
requireApi();

const PHONE = { width: 390, height: 844 };
/** From decode to the verdict on screen the budget. */
const DECODE_TO_RESULT_MS = 300;

interface HeldCoupon {
  id: string;
  redeemedAt: string | null;
  coupon: { title: string };
}
interface ScanEntry {
  userCouponId: string | null;
  action: 'validate' | 'redeem' | 'undo';
  result: 'accepted' | 'rejected';
  reason: string;
}

const launchWithCamera = (video: string) =>
  chromium.launch({
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

/** Door mode open on a phone of that browser, signed in as the door account. */
async function doorOnPhone(browser: Browser, door: Session): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await useSession(page, door);
  await page.goto('/door');
  return page;
}

interface Timing {
  /** Decode to the verdict's first frame on screen. */
  shown: number;
  /** Of which the api's answer. */
  api: number;
}

/** The decode-to-verdict times door mode measured on this page (its performance timeline), in ms. */
const decodeToVerdict = (page: Page): Promise<Timing[]> =>
  page.evaluate(() => {
    const durations = (name: string) => performance.getEntriesByName(name).map((entry) => Math.round(entry.duration));
    const api = durations('door: api answer');
    return durations('door: decode to verdict').map((shown, index) => ({ shown, api: api[index] ?? NaN }));
  });

function reportTiming(label: string, timings: Timing[]) {
  const line = `decode → result on screen (${label}): ${timings.map((t) => `${t.shown} ms (api ${t.api} ms)`).join(', ')}; budget ${DECODE_TO_RESULT_MS} ms`;
  console.log(line);
  test.info().annotations.push({ type: 'timing', description: line });
  expect(timings.length).toBeGreaterThan(0);
  expect(Math.max(...timings.map((t) => t.shown))).toBeLessThanOrEqual(DECODE_TO_RESULT_MS);
}

/** The member claims the coupon on My Coupons; returns the claimed coupon's list item. */
async function claimOnPage(page: Page, title: string) {
  await page.goto('/member-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const offer = page.getByRole('list', { name: 'Available coupons' }).getByRole('listitem').filter({ hasText: title });
  await offer.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Coupon claimed!', { exact: true })).toBeVisible();
  const held = page.getByRole('listitem', { name: title });
  await expect(held.getByTestId('coupon-qr')).toBeVisible();
  return held;
}

test('door staff land on /door after sign-in; a short code from a keyboard-wedge scanner is checked', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E wedge ${Date.now()}` });
  const member = await registerMember(request, 'Kit');
  await useSession(page, member);
  const held = await claimOnPage(page, coupon.title);
  const shortCode = (await held.getByTestId('coupon-short-code').innerText()).trim();
  // One code for the door: the coupon's template code is not on the member's coupon.
  await expect(held).not.toContainText(coupon.code);

  // The door phone: signed in through the staff sign-in.
  const door = await registerStaff(request, 'door', 'Sam');
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const doorPage = await phone.newPage();
  await doorPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await signInAndScan(doorPage, door, shortCode, coupon.title);
  await phone.close();
});

async function signInAndScan(page: Page, door: { email: string; password: string }, shortCode: string, title: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(door.email);
  await page.getByLabel('Password', { exact: true }).fill(door.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/door$/);
  await expect(page.getByRole('heading', { name: 'Door' })).toBeVisible();
  // No field and so no keyboard until asked for.
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByTestId('door-tally')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A USB scanner types the code and Enter, fast, with nothing focused.
  await page.keyboard.type(shortCode, { delay: 5 });
  await page.keyboard.press('Enter');
  const verdict = page.getByTestId('door-verdict');
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  await expect(verdict).toContainText(title);
  await expect(verdict.getByTestId('door-member')).toHaveText('Kit · Bronze');
  expect(await seriousViolations(page)).toEqual([]);
}

test("the member's coupon QR as rendered: green and redeemed, Undo restores it, then refused as already used", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E door mode ${Date.now()}` });
  const member = await registerMember(request, 'Rowan');
  await page.setViewportSize(PHONE);
  await useSession(page, member);
  const screenshot = await (await claimOnPage(page, coupon.title)).getByTestId('coupon-qr').screenshot();
  const myCoupon = async () => (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons[0]!;
  const heldId = (await myCoupon()).id;

  const door = await signIn(request, await registerStaff(request, 'door', 'Sam'));
  const camera = await launchWithCamera(screenshotVideo(screenshot, 0.5));
  try {
    const phone = await doorOnPhone(camera, door);
    const verdict = phone.getByTestId('door-verdict');
    await expect(verdict).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
    await expect(verdict.getByRole('alert')).toHaveText('Valid');
    await expect(verdict).toContainText(coupon.title);
    await expect(verdict.getByTestId('door-member')).toHaveText('Rowan · Bronze');
    const timings = await decodeToVerdict(phone);

    await verdict.getByRole('button', { name: 'Redeem' }).click();
    await expect(phone.getByRole('alert').filter({ hasText: `Redeemed: ${coupon.title} for Rowan` })).toBeVisible();
    expect((await myCoupon()).redeemedAt).toBeTruthy();
    // Undo, in one tap: the coupon is the member's to use again.
    await phone.getByRole('button', { name: 'Undo' }).click();
    await expect(phone.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect.poll(async () => (await myCoupon()).redeemedAt).toBeNull();
    // The code stayed in view all along: after the Undo it is checked again (green: usable again),
    // once, not again and again.
    await expect(verdict).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
    const checks = async () =>
      (await call<{ scans: ScanEntry[] }>(request, 'GET', '/api/admin/scans?limit=200', admin)).scans.filter(
        (scan) => scan.userCouponId === heldId && scan.action === 'validate',
      );
    expect(await checks()).toHaveLength(2);
    await phone.waitForTimeout(2000);
    expect(await checks()).toHaveLength(2);

    // Shown again (door mode reopened): green again, redeemed for good this time.
    await phone.reload();
    await expect(verdict).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
    timings.push(...(await decodeToVerdict(phone)));
    await verdict.getByRole('button', { name: 'Redeem' }).click();
    await expect(phone.getByRole('alert').filter({ hasText: 'Redeemed:' })).toBeVisible();

    // The same code again: red, when and by whom in words, 24-hour venue time.
    await phone.reload();
    await expect(verdict).toHaveAttribute('data-ok', 'false', { timeout: 20_000 });
    await expect(verdict.getByRole('alert')).toHaveText(/^Already used at ([01]\d|2[0-3]):[0-5]\d \(Sam\)$/);
    timings.push(...(await decodeToVerdict(phone)));
    reportTiming('coupon QR, green, green, red', timings);
    // Tonight's tally counts this staffer's redemptions, the undone one too.
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone.getByTestId('door-tally')).toContainText('2 redeemed by you (1 undone)');
  } finally {
    await camera.close();
  }
});

test("the member's card: status, tier and coupons, redeemable from there; visit points once a night however often it is scanned", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E card coupon ${Date.now()}` });
  const member = await registerMember(request, 'Jordan');
  await page.setViewportSize(PHONE);
  await useSession(page, member);
  await claimOnPage(page, coupon.title);
  await page.getByRole('tab', { name: 'My card' }).click();
  const card = page.getByTestId('card-qr');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('card-short-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3}$/);
  const screenshot = await card.screenshot();
  const pointsBefore = (await call<Session['user']>(request, 'GET', '/api/auth/me', member)).currentPoints;

  const door = await signIn(request, await registerStaff(request, 'door', 'Sam'));
  const camera = await launchWithCamera(screenshotVideo(screenshot, 0.5));
  try {
    const phone = await doorOnPhone(camera, door);
    const verdict = phone.getByTestId('door-verdict');
    await expect(verdict).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
    await expect(verdict.getByRole('alert')).toHaveText(/^Welcome, Jordan: visit recorded, \+\d+ points$/);
    await expect(verdict.getByTestId('door-member')).toHaveText('Jordan · Bronze · Active');
    reportTiming('member card', await decodeToVerdict(phone));
    const coupons = verdict.getByRole('list', { name: 'Coupons usable tonight' });
    const offered = coupons.getByRole('listitem', { name: coupon.title });
    await offered.getByRole('button', { name: 'Redeem' }).click();
    await expect(offered.getByText('Redeemed', { exact: true })).toBeVisible();
    const [held] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons;
    expect(held?.redeemedAt).toBeTruthy();

    // Scanned twice more tonight: welcomed, no more points.
    for (let again = 0; again < 2; again += 1) {
      await phone.reload();
      await expect(verdict.getByRole('alert')).toHaveText('Already here tonight', { timeout: 20_000 });
    }
    const history = await call<{ description: string; points: number }[]>(request, 'GET', '/api/points/history', member);
    const visits = history.filter((line) => line.description.startsWith('Visit:'));
    expect(visits).toHaveLength(1);
    const after = (await call<Session['user']>(request, 'GET', '/api/auth/me', member)).currentPoints;
    expect(after - pointsBefore).toBe(visits[0]!.points);
    expect(visits[0]!.points).toBeGreaterThan(0);
  } finally {
    await camera.close();
  }
});

test("a disabled member's coupon is refused: Member account disabled", async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E disabled ${Date.now()}` });
  const member = await registerMember(request, 'Alex');
  await page.setViewportSize(PHONE);
  await useSession(page, member);
  const screenshot = await (await claimOnPage(page, coupon.title)).getByTestId('coupon-qr').screenshot();
  await call(request, 'POST', `/api/admin/members/${member.user.id}/disable`, admin, {});

  const door = await signIn(request, await registerStaff(request, 'door', 'Sam'));
  const camera = await launchWithCamera(screenshotVideo(screenshot, 0.5));
  try {
    const phone = await doorOnPhone(camera, door);
    const verdict = phone.getByTestId('door-verdict');
    await expect(verdict).toHaveAttribute('data-ok', 'false', { timeout: 20_000 });
    await expect(verdict.getByRole('alert')).toHaveText('Member account disabled');
    await expect(verdict.getByRole('button', { name: 'Redeem' })).toHaveCount(0);
    reportTiming('disabled member', await decodeToVerdict(phone));
  } finally {
    await camera.close();
  }
});
