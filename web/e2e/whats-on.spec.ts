import { call, registerMember, requireApi, signInAdmin, useSession } from './club';
import { expect, test } from './fixtures';

// What's on through the browser: the public listing has tonight's night, its page shows the
// line-up, doors and price; a member joins its guest list in the members area and still sees
// the entry there with no signal (the area's saved copy).
requireApi();

/** Tonight's club night on the venue's clocks: the evening it began (a night runs 06:00 to 06:00). */
function clubNight(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() - 6 * 3_600_000));
}

test("What's on lists a night, its page shows line-up, doors and price, and a member's guest list stays on the device", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { timeZone } = await call<{ timeZone: string }>(request, 'GET', '/api/venue');
  const admin = await signInAdmin(request);
  const title = `E2E Velvet Sessions ${Date.now()}`;
  await call(request, 'POST', '/api/admin/events', admin, {
    title,
    description: 'Two rooms until late.',
    lineUp: ['Ana Lux', 'DJ Mara'],
    night: clubNight(timeZone),
    doorsOpen: '22:00',
    lastEntry: '05:59',
    priceCents: 2500,
    currency: 'AUD',
    status: 'published',
    guestList: { capacity: 40, freeUntil: null, cutoff: null },
  });

  // The public listing, rendered by the api, and the night's own page.
  await page.goto('/whats-on');
  await expect(page.getByRole('heading', { level: 1, name: "What's on" })).toBeVisible();
  const listed = page.getByRole('listitem').filter({ hasText: title });
  await expect(listed).toContainText('Doors 22:00 · Last entry 05:59 · $25');
  await expect(listed).toContainText('Ana Lux · DJ Mara');
  await listed.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.wo-lineup li')).toHaveText(['Ana Lux', 'DJ Mara']);
  const fact = (term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Doors')).toHaveText('22:00');
  await expect(fact('Entry')).toHaveText('$25');
  await expect(page.getByRole('link', { name: 'Join the guest list (members)' })).toBeVisible();

  // A member joins the night's list in the members area (My card), and sees their entry.
  const member = await registerMember(request, 'Jules');
  await useSession(page, member);
  await page.goto('/member-dashboard');
  await page.getByRole('tab', { name: 'My card' }).click();
  const offered = page.getByRole('list', { name: 'Open guest lists' }).getByRole('listitem').filter({ hasText: title });
  await offered.getByRole('button', { name: 'Join the list' }).click();
  const mine = page.getByRole('list', { name: 'Your guest lists' }).getByRole('listitem').filter({ hasText: title });
  await expect(mine).toContainText('On the list');
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
    undefined,
    { timeout: 20_000 },
  );

  // With no signal the members area opens from the device: the entry is still there.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: 'My card' }).click();
  await expect(page.getByTestId('offline-note')).toHaveText(/^Offline: updated \d\d:\d\d$/);
  await expect(
    page.getByRole('list', { name: 'Your guest lists' }).getByRole('listitem').filter({ hasText: title }),
  ).toContainText('On the list');
  await expect(page.getByRole('tabpanel')).not.toContainText('Failed to fetch');
  await context.setOffline(false);
});
