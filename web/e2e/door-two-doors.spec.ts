import { type Browser, chromium, type Page } from '@playwright/test';
import {
  call,
  createCoupon,
  registerMember,
  registerStaff,
  requireApi,
  screenshotVideo,
  type Session,
  signIn,
  signInAdmin,
  openAdminScreen,
  useSession,
} from './club';
import { expect, test } from './fixtures';

// Two doors of one venue, each a phone of its own (the main door and the VIP door), and a member
// with a coupon. The main door loses the network, reads the coupon's QR from its camera (Chromium's
// fake device playing the coupon as My Coupons draws it), decides on the device and redeems; online
// again, the redemption reaches the api once, and the VIP door, online, refuses the same coupon.
// Both doors offline with one coupon: after both sync one redemption stands and the other is a
// conflict, in words, at the door and on the staff's Doors screen.
requireApi();

const PHONE = { width: 390, height: 844 };
/** Decode to verdict on the device, with no request, on a phone four times slower than this machine's CPU. */
const OFFLINE_DECODE_TO_VERDICT_MS = 100;
const CPU_SLOWDOWN = 4;
/** From the main door's sync to the VIP door's refusal. */
const OTHER_DOOR_REFUSES_MS = 5_000;

interface Held {
  id: string;
  shortCode: string;
  redeemedAt: string | null;
}

/** A member who claimed a fresh coupon, and their coupon's QR as My Coupons draws it. */
async function memberWithCoupon(page: Page, request: Parameters<typeof signInAdmin>[0], admin: Session, label: string) {
  const coupon = await createCoupon(request, admin, { pointsCost: 0, title: `E2E ${label} ${Date.now()}` });
  const member = await registerMember(request, 'Rowan');
  await page.setViewportSize(PHONE);
  await useSession(page, member);
  await page.goto('/member-dashboard');
  await page.getByRole('tab', { name: 'Coupons' }).click();
  const offer = page.getByRole('list', { name: 'Available coupons' }).getByRole('listitem').filter({ hasText: coupon.title });
  await offer.getByRole('button', { name: 'Claim' }).click();
  const qr = await page.getByRole('listitem', { name: coupon.title }).getByTestId('coupon-qr').screenshot();
  const mine = async () => (await call<{ coupons: Held[] }>(request, 'GET', '/api/coupons/my', member)).coupons[0]!;
  return { coupon, member, qr, mine };
}

function cameraBrowser(qr: Buffer): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${screenshotVideo(qr, 0.5)}`,
    ],
  });
}

/** A door phone in door mode, online, with tonight's data on it (its camera not allowed yet). */
async function doorPhone(camera: Browser, door: Session) {
  const context = await camera.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const phone = await context.newPage();
  await phone.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
  await useSession(phone, door);
  const syncs: number[] = [];
  phone.on('response', (response) => {
    if (response.url().endsWith('/api/door/sync')) syncs.push(response.status());
  });
  await phone.goto('/door');
  const status = phone.getByTestId('door-status');
  await expect(status).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await phone.evaluate(() => navigator.serviceWorker?.ready);
  return { context, phone, status, syncs };
}

/**
 * The network goes, the camera is allowed, door mode opens again from the device and reads the
 * coupon: green, offline. With `slowdown`, the phone's CPU is that many times slower (Chromium's
 * CPU throttling, as DevTools' "4x slowdown" does).
 */
async function readOffline({ context, phone }: Awaited<ReturnType<typeof doorPhone>>, slowdown = 1) {
  await context.setOffline(true);
  await context.grantPermissions(['camera']);
  if (slowdown > 1) await (await context.newCDPSession(phone)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await phone.reload();
  const verdict = phone.getByTestId('door-verdict');
  await expect(verdict).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
  await expect(verdict.getByRole('alert')).toHaveText('Valid');
  await expect(verdict.getByTestId('door-offline')).toHaveText(/^Offline/);
  return verdict;
}

test('main door offline redeems a coupon, reaches the api once when back online, and the VIP door refuses the same coupon within 5 s', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signInAdmin(request);
  const { coupon, qr, mine } = await memberWithCoupon(page, request, admin, 'two doors');
  const camera = await cameraBrowser(qr);
  try {
    const main = await doorPhone(camera, await signIn(request, await registerStaff(request, 'door', 'Sam')));
    // The VIP phone has no camera (its staff type codes): it cannot read the coupon before the main door redeems it.
    const vip = await doorPhone(browser, await signIn(request, await registerStaff(request, 'door', 'Alex')));

    const verdict = await readOffline(main, CPU_SLOWDOWN);
    await expect(verdict.getByTestId('door-member')).toHaveText('Rowan · Bronze');
    const shown = await main.phone.evaluate(() =>
      performance.getEntriesByName('door: decode to verdict').map((entry) => Math.round(entry.duration)),
    );
    const line = `decode → verdict offline at the main door, CPU ${CPU_SLOWDOWN}x slower: ${shown.join(', ')} ms; goal ${OFFLINE_DECODE_TO_VERDICT_MS} ms`;
    console.log(line);
    test.info().annotations.push({ type: 'timing', description: line });
    expect(shown.length).toBeGreaterThan(0);
    expect(Math.max(...shown)).toBeLessThanOrEqual(OFFLINE_DECODE_TO_VERDICT_MS);

    await verdict.getByRole('button', { name: 'Redeem' }).click();
    await expect(main.phone.getByRole('alert').filter({ hasText: `Redeemed: ${coupon.title} for Rowan` })).toBeVisible();
    await expect(main.status).toHaveText(/^Offline: 1 scan waiting, data from \d{2}:\d{2}$/);
    expect((await mine()).redeemedAt).toBeNull();
    expect(main.syncs).toEqual([]);

    // Online again: the queue goes in one batch, once.
    await main.context.setOffline(false);
    await expect(main.status).toHaveText(/^Synced \d{2}:\d{2}$/, { timeout: 20_000 });
    const synced = Date.now();
    const held = await mine();
    expect(held.redeemedAt).toBeTruthy();
    expect(main.syncs).toEqual([200]);
    const redeems = (
      await call<{ scans: { userCouponId: string | null; action: string; result: string }[] }>(
        request,
        'GET',
        '/api/admin/scans?limit=200',
        admin,
      )
    ).scans.filter((scan) => scan.userCouponId === held.id && scan.action === 'redeem');
    expect(redeems).toEqual([expect.objectContaining({ result: 'accepted' })]);

    // The VIP door, online all along, types the coupon's code: refused, naming when and who.
    await vip.phone.getByRole('button', { name: 'Type a code' }).click();
    await vip.phone.getByLabel("The code under the member's QR").fill(held.shortCode);
    await vip.phone.getByRole('button', { name: 'Check' }).click();
    const refused = vip.phone.getByTestId('door-verdict');
    await expect(refused).toHaveAttribute('data-ok', 'false');
    await expect(refused.getByRole('alert')).toHaveText(/^Already used at \d{2}:\d{2} \(Sam\)$/);
    const refusedAfter = Date.now() - synced;
    console.log(`VIP door refuses ${refusedAfter} ms after the main door's sync; goal ${OTHER_DOOR_REFUSES_MS} ms`);
    expect(refusedAfter).toBeLessThanOrEqual(OTHER_DOOR_REFUSES_MS);
    expect(vip.syncs).toEqual([]);
  } finally {
    await camera.close();
  }
});

test('both doors offline redeem one coupon: after both sync one redemption stands, the other door and the staff read the conflict', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await signInAdmin(request);
  const { coupon, qr, mine } = await memberWithCoupon(page, request, admin, 'used twice');
  const camera = await cameraBrowser(qr);
  try {
    const main = await doorPhone(camera, await signIn(request, await registerStaff(request, 'door', 'Sam')));
    const vip = await doorPhone(camera, await signIn(request, await registerStaff(request, 'door', 'Alex')));
    for (const door of [main, vip]) {
      const verdict = await readOffline(door);
      await verdict.getByRole('button', { name: 'Redeem' }).click();
      await expect(door.phone.getByRole('alert').filter({ hasText: `Redeemed: ${coupon.title} for Rowan` })).toBeVisible();
    }

    await main.context.setOffline(false);
    await expect(main.status).toHaveText(/^Synced \d{2}:\d{2}$/, { timeout: 20_000 });
    await vip.context.setOffline(false);
    await expect(vip.status).toHaveText(/^Synced \d{2}:\d{2}$/, { timeout: 20_000 });
    const usedTwice = /^Used twice: \d{2}:\d{2} \(Sam\), \d{2}:\d{2} \(Alex\)$/;
    await expect(vip.phone.getByRole('status').filter({ hasText: usedTwice })).toBeVisible();
    expect((await mine()).redeemedAt).toBeTruthy();
    expect([main.syncs, vip.syncs]).toEqual([[200], [200]]);

    // The staff's Doors card (on the Coupons screen) lists it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await useSession(page, admin);
    await page.goto('/admin-dashboard');
    const panel = await openAdminScreen(page, 'Coupons');
    const listed = panel.getByRole('region', { name: 'Conflicts from offline doors' }).getByTestId('door-conflict');
    await expect(listed.filter({ hasText: /Used twice: \d{2}:\d{2} \(Sam\), \d{2}:\d{2} \(Alex\) · Rowan/ })).toBeVisible();
  } finally {
    await camera.close();
  }
});
