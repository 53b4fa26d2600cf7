import { chromium } from '@playwright/test';
import { call, registerStaff, requireApi, signIn, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// The guest list at the door, on a phone, as a `door` account against the whole stack: a guest
// with no card is found by name on tonight's list and their party marked in, once; the tally
// counts them.
requireApi();

function clubNight(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() - 6 * 3_600_000));
}

test("door mode finds a guest by name on tonight's list and marks their party in once", async ({ request }) => {
  test.setTimeout(90_000);
  const { timeZone } = await call<{ timeZone: string }>(request, 'GET', '/api/venue');
  const admin = await signInAdmin(request);
  const stamp = Date.now().toString(36);
  const event = await call<{ id: string }>(request, 'POST', '/api/admin/events', admin, {
    title: `E2E Door List ${stamp}`,
    night: clubNight(timeZone),
    doorsOpen: '22:00',
    lastEntry: '05:59',
    priceCents: 2000,
    status: 'published',
    guestList: { capacity: 40, freeUntil: null, cutoff: null },
  });
  const name = `Quinn Doorlist${stamp}`;
  await call(request, 'POST', `/api/admin/events/${event.id}/nights/${clubNight(timeZone)}/guest-list`, admin, {
    name,
    email: `quinn-${stamp}@example.com`,
    plusOnes: 1,
  });
  const door = await signIn(request, await registerStaff(request, 'door', 'Sam'));

  // A fake camera (Chromium's test pattern): door mode keeps it on, the search is beside it.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 390, height: 844 },
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
    await useSession(page, door);
    await page.goto('/door');
    await page.getByRole('button', { name: 'Guest list' }).click();
    await page.getByRole('textbox', { name: "A name on tonight's guest list" }).fill(`doorlist${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('list', { name: "Names on tonight's guest list" }).getByRole('listitem', { name });
    await expect(row).toContainText(`${name} +1`);
    await expect(row).toContainText('Guest · ');
    await row.getByRole('button', { name: 'Mark 2 in' }).click();
    await expect(row.getByRole('status')).toHaveText(`2 in: ${name}'s party`);
    await expect(page.getByTestId('door-tally')).toContainText('2 in from the guest list');

    // Searched again, the party shows as marked: no second marking.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Guest list' }).click();
    await page.getByRole('textbox', { name: "A name on tonight's guest list" }).fill(`doorlist${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const again = page.getByRole('list', { name: "Names on tonight's guest list" }).getByRole('listitem', { name });
    await expect(again.getByRole('status')).toHaveText('Already marked: 2 of the party came in');
    await expect(again.getByRole('button')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
