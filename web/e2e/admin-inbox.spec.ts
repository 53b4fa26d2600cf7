import type { Page } from '@playwright/test';
import { call, openAdminScreen, randomIp, requireApi, type Session, signInAdmin, uniqueEmail, useSession } from './club';
import { expect, hasHorizontalScroll, PHONE, seriousViolations, test } from './fixtures';

// Inbox, against the whole stack: a guest books and writes; the admin confirms the
// booking with a note (asked first) and marks the message handled; both say who and when, in the
// venue's time. The tabs and the decision dialog pass axe on a laptop and on a phone.
requireApi();

/** "Sat 28 Nov, 22:30": how the inbox writes an instant in the venue's time zone (this year). */
function venueTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
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
  return `${parts['weekday']} ${parts['day']} ${parts['month']}, ${parts['hour']}:${parts['minute']}`;
}

async function guestBooks(request: Parameters<typeof call>[0], name: string) {
  const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await call(request, 'POST', '/api/bookings', undefined, {
    name,
    email: uniqueEmail('guest'),
    date,
    time: '22:00',
    guests: '4',
    service: 'vip-room',
    fillMs: 5000,
  });
}

async function openTab(page: Page, name: 'Bookings' | 'Messages') {
  await page.goto('/admin-dashboard');
  await openAdminScreen(page, name);
}

async function adminName(request: Parameters<typeof call>[0], admin: Session) {
  const me = await call<{ firstName: string; lastName: string | null }>(request, 'GET', '/api/auth/me', admin);
  return [me.firstName, me.lastName].filter(Boolean).join(' ');
}

test('an admin confirms a booking with a note; it shows who confirmed it and when, in venue time', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const { timeZone } = await call<{ timeZone: string }>(request, 'GET', '/api/venue');
  const guest = `Guest ${randomIp().split('.').at(-1)}-${Date.now() % 100_000}`;
  await guestBooks(request, guest);

  await useSession(page, admin);
  await openTab(page, 'Bookings');
  const item = page.getByRole('listitem', { name: `Booking from ${guest}` });
  await expect(item.getByText('Requested', { exact: true })).toBeVisible();
  // The tab shows how many requests wait for an answer.
  await expect(page.getByRole('tab', { name: 'Bookings', exact: true })).toHaveAttribute('data-count', /^[1-9]\d*$/);
  await expect(item.getByText(/VIP Room · \w{3} \d{1,2} \w{3}, 22:00 · 4 guests/)).toBeVisible();
  await expect(item.getByRole('list', { name: 'E-mails' })).toContainText(/Venue notifi/);

  await item.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm booking?' });
  await expect(dialog).toContainText(guest);
  await expect(dialog).toContainText('4 guests · VIP Room');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Note to the guest (optional)').fill('Booth 3 is yours. Ask for Sam at the door.');
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => /\/api\/admin\/bookings\/[\w-]+$/.test(response.url()) && response.request().method() === 'PATCH',
    ),
    dialog.getByRole('button', { name: 'Confirm booking' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  const { booking } = (await answer.json()) as { booking: { statusChangedAt: string } };
  await expect(page.getByText('Booking confirmed', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const name = await adminName(request, admin);
  await expect(item.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(item.getByText(`Confirmed by ${name} · ${venueTime(booking.statusChangedAt, timeZone)}`)).toBeVisible();
  await expect(item.getByText('Note to the guest: Booth 3 is yours. Ask for Sam at the door.')).toBeVisible();
  await expect(item.getByRole('list', { name: 'E-mails' })).toContainText(/Confirmation e-mail/);
  await expect(item.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an admin marks a message handled; it shows who handled it, and can be reopened', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const sender = `Visitor ${Date.now() % 100_000}`;
  await call(request, 'POST', '/api/contact', undefined, {
    name: sender,
    email: uniqueEmail('visitor'),
    message: 'Is there a dress code on Fridays?',
  });

  await useSession(page, admin);
  await openTab(page, 'Messages');
  const item = page.getByRole('listitem', { name: `Message from ${sender}` });
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Marked handled', { exact: true })).toBeVisible();
  const name = await adminName(request, admin);
  await expect(item.getByText(new RegExp(`^Handled by ${name} · \\w{3} \\d{1,2} \\w{3}, \\d{2}:\\d{2}$`))).toBeVisible();

  // Under Handled it stays until reopened; then it is under New again.
  await page.getByLabel('Show', { exact: true }).selectOption('Handled');
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Mark as new' }).click();
  await expect(item).toBeHidden();
  await page.getByLabel('Show', { exact: true }).selectOption('New');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('the inbox tabs and the decision dialog are readable and pass axe', async ({ page, request }) => {
    const admin = await signInAdmin(request);
    const guest = `Phone guest ${Date.now() % 100_000}`;
    await guestBooks(request, guest);
    await useSession(page, admin);
    await openTab(page, 'Bookings');
    const item = page.getByRole('listitem', { name: `Booking from ${guest}` });
    await expect(item).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await item.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('dialog', { name: 'Decline booking?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await openAdminScreen(page, 'Messages');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
