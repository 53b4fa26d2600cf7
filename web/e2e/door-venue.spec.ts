import {
  addVenue,
  archiveVenue,
  call,
  createCoupon,
  grantVenues,
  registerMember,
  registerStaff,
  requireApi,
  signInAdmin,
  venueChoices,
} from './club';
import { expect, test } from './fixtures';

// Door mode in a venue group, against the whole stack: a door account granted only the second
// venue signs in and lands on door mode at that venue (its name on screen, asked nothing), a typed
// code is checked there (a coupon of the first venue only is refused "Only at <first venue>", and
// the scan log files the line under the second venue), and nothing offers the first venue, not
// even a venue remembered on the phone. The venue is archived afterwards, so the other tests see
// the single venue they expect.
requireApi();

const PHONE = { width: 390, height: 844 };

interface ScanEntry {
  scannedId: string;
  result: 'accepted' | 'rejected';
  reason: string | null;
}

test("a door account lands on its venue's door: named, checking there, and with no way to another venue", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(request);
  const second = await addVenue(request, admin, 'The Velvet Room');
  try {
    let first = { id: 0, name: '' };
    await expect(async () => {
      const open = (await venueChoices(request, admin)).filter((venue) => !venue.archived);
      expect(open.map((venue) => venue.id)).toContain(second.id);
      first = open.find((venue) => venue.id !== second.id)!;
    }).toPass({ timeout: 15_000 });

    // A member holding a coupon of the first venue only, and its code as they would read it out.
    const coupon = await createCoupon(request, admin, {
      pointsCost: 0,
      title: `E2E first venue only ${Date.now()}`,
      venueIds: [first.id],
    });
    const member = await registerMember(request, 'Rowan');
    const held = await call<{ shortCode: string }>(request, 'POST', `/api/coupons/${coupon.id}/claim`, member);

    const door = await registerStaff(request, 'door', 'Sam');
    await grantVenues(request, admin, door, [second.id]);

    // A venue remembered on this phone by an earlier account: the first one.
    await page.setViewportSize(PHONE);
    await page.addInitScript((firstId) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('doorVenue', String(firstId));
        sessionStorage.setItem('seeded', 'yes');
      }
    }, first.id);
    await page.goto('/admin-login');
    await page.getByLabel('Email').fill(door.email);
    await page.getByLabel('Password', { exact: true }).fill(door.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/door$/);
    await expect(page.getByRole('heading', { name: 'Door' })).toBeVisible();
    await expect(page.getByTestId('door-venue')).toHaveText(second.name);
    await expect(page.getByText('Which venue?')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Change venue/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: first.name })).toHaveCount(0);
    // The first venue remembered here is forgotten: this account does not work there.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('doorVenue'))).toBeNull();

    // A typed code is checked at the second venue: the first venue's coupon is refused in words.
    await page.getByRole('button', { name: 'Type a code' }).click();
    await page.getByLabel("The code under the member's QR").fill(held.shortCode);
    const [check] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/door/check') && answer.request().method() === 'POST'),
      page.getByRole('button', { name: 'Check', exact: true }).click(),
    ]);
    expect(check.request().postDataJSON()?.venueId ?? second.id).toBe(second.id);
    const verdict = page.getByTestId('door-verdict');
    await expect(verdict).toHaveAttribute('data-ok', 'false');
    await expect(verdict.getByRole('alert').first()).toHaveText(`Only at ${first.name}`);

    // The scan log files the refusal under the second venue, and not under the first.
    const at = async (venueId: number) =>
      (await call<{ scans: ScanEntry[] }>(request, 'GET', `/api/admin/scans?limit=200&venueId=${venueId}`, admin)).scans.filter(
        (scan) => scan.scannedId === held.shortCode,
      );
    expect((await at(second.id)).map((scan) => `${scan.result} ${scan.reason}`)).toEqual([`rejected Only at ${first.name}`]);
    expect(await at(first.id)).toEqual([]);

    // Reloaded, door mode is still at the second venue, and still offers no other.
    await page.reload();
    await expect(page.getByTestId('door-venue')).toHaveText(second.name);
    await expect(page.getByText('Which venue?')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Change venue/ })).toHaveCount(0);
  } finally {
    await archiveVenue(request, admin, second.id);
  }
});
