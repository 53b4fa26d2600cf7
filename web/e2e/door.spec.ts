import { chromium, type Browser, type Page } from '@playwright/test';
import { call, createCoupon, registerMember, requireApi, screenshotVideo, signInAdmin, useSession, type Session } from './club';
import { expect, test } from './fixtures';

// The door: staff scan the member's QR exactly as the member's phone shows it, or type
// the short code under it. Against the whole stack: nothing is mocked.
requireApi();

interface HeldCoupon {
  id: string;
  shortCode: string;
  redeemedAt: string | null;
  redeemedBy: string | null;
  coupon: { title: string };
}

interface ScanEntry {
  scannedId: string;
  method: 'qr' | 'code';
  action: 'validate' | 'redeem';
  result: 'accepted' | 'rejected';
  reason: string;
}

/** The page's window with every stream its getUserMedia handed out (recorded by adminPage). */
type Recorded = Window & { cameraStreams?: MediaStream[] };

/**
 * Starts a Chromium of its own whose camera is Chromium's fake device: the given Y4M clip, or the
 * built-in test pattern. The fake camera's video must be given at launch.
 */
const launchWithCamera = (video?: string) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
    ],
  });

/** An admin's page in that browser, with every camera stream the page opens recorded. */
async function adminPage(browser: Browser, admin: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, permissions: ['camera'] });
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('ageConfirmed', 'true');
    const streams: MediaStream[] = [];
    (window as Recorded).cameraStreams = streams;
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await useSession(page, admin);
  return page;
}

async function openScanner(page: Page) {
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The video tracks the page opened: how many, and how many are still live. */
const cameraTracks = (page: Page) =>
  page.evaluate(() => {
    const tracks = ((window as Recorded).cameraStreams ?? []).flatMap((stream) => stream.getVideoTracks());
    return { opened: tracks.length, live: tracks.filter((track) => track.readyState === 'live').length };
  });

/** A coupon the member claims through the page; returns their coupon list item. */
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

test("the admin scanner reads the member's QR exactly as My Coupons shows it, held far (30% of the frame) and close (70%), and inverted", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E door QR ${Date.now()}` });
  const member = await registerMember(request, 'Rowan');
  await useSession(page, member);
  const held = await claimOnPage(page, coupon.title);
  // The pixels of the QR element as rendered: the code, its quiet zone, the card's rounded corners.
  const screenshot = await held.getByTestId('coupon-qr').screenshot();

  // The same pixels gold on black, as the first design drew them: a decoder that does not try the
  // inverted image never reads that.
  for (const { fraction, inverted } of [
    { fraction: 0.3, inverted: false },
    { fraction: 0.7, inverted: false },
    { fraction: 0.5, inverted: true },
  ]) {
    const clip = `QR ${inverted ? 'gold on black ' : ''}at ${fraction * 100}% of the frame height`;
    const browser = await launchWithCamera(screenshotVideo(screenshot, fraction, { inverted }));
    try {
      const scanner = await adminPage(browser, admin);
      const dialog = await openScanner(scanner);
      const opened = Date.now();
      await expect(dialog.getByText('Valid Coupon Detected!'), clip).toBeVisible({ timeout: 30_000 });
      test.info().annotations.push({ type: 'decoded', description: `${clip}: valid after ${Date.now() - opened} ms` });
      await expect(dialog).toContainText(coupon.title);
      // Of the member, what the door sees: first name and tier.
      await expect(dialog).toContainText('Rowan');
      // The camera delivered the clip's frame as it is (not cropped or scaled), so the fractions hold.
      expect(await dialog.locator('video').evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight])).toEqual([
        640, 480,
      ]);
      // Validating does not spend it: the same coupon scans valid at the next distance too.
    } finally {
      await browser.close();
    }
  }
  const [after] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons;
  expect(after?.redeemedAt).toBeNull();
});

test('Escape and the close button close the scanner and stop the camera', async ({ request }) => {
  test.setTimeout(60_000);
  const admin = await signInAdmin(request);
  const browser = await launchWithCamera();
  try {
    const page = await adminPage(browser, admin);
    for (const close of ['Escape', 'close button'] as const) {
      const dialog = await openScanner(page);
      await expect(dialog.locator('video')).toBeVisible();
      await expect.poll(async () => (await cameraTracks(page)).live, { message: 'the camera is on' }).toBe(1);

      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => (await cameraTracks(page)).live, { message: `after ${close} no video track is live` })
        .toBe(0);
      expect((await cameraTracks(page)).opened).toBeGreaterThan(0);
    }
  } finally {
    await browser.close();
  }
});

test("staff type the short code from the member's screen: it validates and redeems; a mistyped code is refused and logged", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await signInAdmin(request);
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E door code ${Date.now()}` });
  const member = await registerMember(request, 'Tess');

  // The member's phone: the short code under the QR, as they would read it out.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const memberPage = await phone.newPage();
  await memberPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await useSession(memberPage, member);
  const held = await claimOnPage(memberPage, coupon.title);
  const shortCode = (await held.getByTestId('coupon-short-code').innerText()).trim();
  expect(shortCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3}$/);

  // Staff whose camera fails type it as heard: lower case, spaces for hyphens.
  await useSession(page, admin);
  const dialog = await openScanner(page);
  const field = dialog.getByLabel('Short code (if the camera fails)');
  const typed = shortCode.toLowerCase().replaceAll('-', ' ');
  await field.fill(typed);
  await dialog.getByRole('button', { name: 'Check Code' }).click();
  await expect(dialog.getByText('Valid Coupon Detected!')).toBeVisible();
  await expect(dialog).toContainText(coupon.title);
  await expect(dialog).toContainText('Tess');
  await dialog.getByRole('button', { name: 'Redeem Coupon' }).click();
  await expect(page.getByText('Coupon Redeemed!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const [after] = (await call<{ coupons: HeldCoupon[] }>(request, 'GET', '/api/coupons/my', member)).coupons;
  expect(after?.redeemedAt).toBeTruthy();
  expect(after?.redeemedBy).toBe('staff');
  await memberPage.reload();
  await memberPage.getByRole('tab', { name: 'Coupons' }).click();
  await expect(memberPage.getByRole('listitem', { name: coupon.title }).getByText('Redeemed', { exact: true })).toBeVisible();
  await phone.close();

  // One character wrong (another valid Crockford digit): refused, the scanner stays open.
  const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const wrong = `${digits[(digits.indexOf(shortCode[0]!) + 1) % digits.length]}${shortCode.slice(1)}`;
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  await field.fill(wrong);
  await dialog.getByRole('button', { name: 'Check Code' }).click();
  await expect(page.getByText('Invalid QR Code', { exact: true })).toBeVisible();
  await expect(page.getByText('Not a Nocturne code').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('qr-camera')).toHaveAttribute('data-outcome', 'refused');
  await expect(dialog.getByText('Valid Coupon Detected!')).toHaveCount(0);

  // The scan log has both: on the Coupons tab once the scanner closes, and in the api's log as typed.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const scans = page.getByRole('list', { name: 'Recent scans' }).getByRole('listitem');
  await expect(scans.filter({ hasText: 'Not a Nocturne code' }).first()).toContainText('Rejected');
  await expect(scans.filter({ hasText: coupon.code }).filter({ hasText: 'Redeem' }).first()).toContainText('Accepted');
  const log = await call<{ scans: ScanEntry[] }>(request, 'GET', '/api/admin/scans?limit=200', admin);
  // The door's log keeps the text as it was typed.
  expect(log.scans.filter((scan) => scan.scannedId === wrong)).toEqual([
    expect.objectContaining({
      method: 'code',
      action: 'validate',
      result: 'rejected',
      reason: 'Not a Nocturne code',
    }),
  ]);
  expect(log.scans.filter((scan) => scan.scannedId === typed).map((scan) => `${scan.action} ${scan.result}`)).toEqual([
    'redeem accepted',
    'validate accepted',
  ]);
});
