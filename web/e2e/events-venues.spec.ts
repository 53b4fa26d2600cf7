import {
  addVenue,
  archiveVenue,
  grantVenues,
  openAdminScreen,
  registerStaff,
  requireApi,
  signIn,
  signInAdmin,
  useSession,
  venueChoices,
} from './club';
import { expect, test } from './fixtures';

// The Events screen in a venue group, against the whole stack: with a second venue, a group
// manager creates an event choosing that venue in the form's venue select, and the list at each
// venue (the header's venue switcher) shows it at that venue only; a manager of the second venue
// only is offered that venue alone. The events are drafts (What's on never shows them) and the
// venue is archived afterwards, so the other tests see the single venue they expect.
requireApi();

/** A night five weeks from now (YYYY-MM-DD). */
const nightAhead = () => new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);

test("a manager creates an event at the second venue with the venue select; each venue's list shows it only there; a manager of one venue is offered it alone", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(request);
  const second = await addVenue(request, admin, 'The Velvet Room');
  try {
    const manager = await registerStaff(request, 'manager', 'Morgan');
    const session = await signIn(request, manager);
    // The api keeps the venue list a few seconds per process: wait until it offers both.
    let first = '';
    await expect(async () => {
      const open = (await venueChoices(request, session)).filter((venue) => !venue.archived);
      expect(open.map((venue) => venue.id)).toContain(second.id);
      first = open.find((venue) => venue.id !== second.id)!.name;
    }).toPass({ timeout: 15_000 });

    await useSession(page, session);
    await page.goto('/admin/events');
    const screen = await openAdminScreen(page, 'Events');
    const switcher = page.getByRole('banner').getByRole('combobox', { name: 'Venue' });
    await expect(switcher).toHaveValue('all');

    // The form's venue select: both venues, none chosen for "All venues"; the second one picked.
    const form = screen.getByRole('form', { name: 'New event' });
    const select = form.getByRole('combobox', { name: /Venue/ });
    await expect(select.getByRole('option', { disabled: false })).toHaveText([first, second.name]);
    await select.selectOption({ label: second.name });
    const title = `E2E Velvet Sessions ${Date.now()}`;
    await form.getByLabel(/Title/).fill(title);
    await form.getByLabel(/Night/).fill(nightAhead());
    const [created] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/admin/events') && answer.request().method() === 'POST'),
      form.getByRole('button', { name: 'Create Event' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({ title, venueId: second.id, status: 'draft' });

    const events = screen.getByRole('list', { name: 'Events' });
    const listed = events.getByRole('listitem').filter({ hasText: title });
    // Every venue's list: the event, named with its venue.
    await expect(listed).toContainText(second.name);

    // The list at the second venue has it; the list at the first does not.
    await switcher.selectOption({ label: second.name });
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(second.name);
    await expect(select).toHaveValue(String(second.id));
    await switcher.selectOption({ label: first });
    await expect(screen.getByText('Loading events...')).toHaveCount(0);
    await expect(events.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    await expect(events.getByRole('listitem').filter({ hasText: second.name })).toHaveCount(0);

    // A manager of the second venue only: no switcher, that venue alone offered and chosen.
    const local = await registerStaff(request, 'manager', 'Vic');
    await grantVenues(request, admin, local, [second.id]);
    const localContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const localPage = await localContext.newPage();
      await localPage.addInitScript(() => localStorage.setItem('ageConfirmed', 'true'));
      await useSession(localPage, await signIn(request, local));
      await localPage.goto('/admin/events');
      const localScreen = await openAdminScreen(localPage, 'Events');
      const localSelect = localScreen.getByRole('form', { name: 'New event' }).getByRole('combobox', { name: /Venue/ });
      await expect(localSelect.getByRole('option')).toHaveText([second.name]);
      await expect(localSelect).toHaveValue(String(second.id));
      await expect(localPage.getByRole('banner').getByRole('combobox', { name: 'Venue' })).toHaveCount(0);
      await expect(
        localScreen.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: title }),
      ).toBeVisible();
    } finally {
      await localContext.close();
    }
  } finally {
    await archiveVenue(request, admin, second.id);
  }
});
