import { call, requireApi, signInAdmin, uniqueEmail } from './club';
import { expect, seriousViolations, test } from './fixtures';

// A venue group's public site, against the whole stack: with a second venue (added through the
// admin API as on the Venues screen), the landing page lists both, and the second venue's own page
// shows its hours in its own zone and books into its own inbox. The venue is archived afterwards,
// so the other tests see the single venue they expect.
requireApi();

/** A night three weeks from now (YYYY-MM-DD): within the 6 months the form offers, and never tonight. */
const nightAhead = () => new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

interface BookingRow {
  id: string;
  email: string;
  venue: { id: number; name: string };
  deliveries: { kind: string; recipient: string }[];
}

test('the group landing page lists both venues, and a venue page shows its hours and books into its own inbox', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(request);
  const suffix = Math.random().toString(36).slice(2, 8);
  const slug = `velvet-${suffix}`;
  const name = `The Velvet Room ${suffix}`;
  const inbox = `velvet-${suffix}@example.com`;
  const venue = await call<{ id: number }>(request, 'POST', '/api/admin/venues', admin, {
    slug,
    name,
    kind: 'BarOrPub',
    address: { street: '12 Old Compton St', locality: 'London', postalCode: 'W1D 4TQ', country: 'United Kingdom' },
    phone: '+44 20 7000 0000',
    inboxEmail: inbox,
    timeZone: 'Europe/London',
    // Doors at 17:00 on Mondays, 18:00 otherwise; last booking at midnight, closing at 02:00.
    openingHours: { opensAtHour: [18, 17, 18, 18, 18, 18, 18], closesAtHour: 2, lastBookingHour: 0 },
    location: { latitude: 51.5136, longitude: -0.1318 },
  });
  try {
    // The api keeps the venue list a few seconds per process.
    await expect(async () => {
      await page.goto('/');
      await expect(page.locator('#venues').getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const venues = page.locator('#venues');
    await expect(venues.getByRole('heading', { name: 'Nocturne', exact: true })).toBeVisible();
    // The contact form asks which venue a message is for.
    await expect(page.locator('#contact').getByLabel('Venue')).toHaveValue('nocturne');

    await venues.getByRole('link', { name: `Hours and bookings at ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/venues/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('London time (Europe/London)')).toBeVisible();
    const hours = page.getByRole('definition').filter({ hasText: /^\d\d:00 – \d\d:00$/ });
    await expect(hours).toHaveText([
      '17:00 – 02:00',
      '18:00 – 02:00',
      '18:00 – 02:00',
      '18:00 – 02:00',
      '18:00 – 02:00',
      '18:00 – 02:00',
      '18:00 – 02:00',
    ]);
    await expect(page.getByRole('link', { name: /Map and directions/ })).toHaveAttribute('href', /query=51\.5136%2C-0\.1318/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      '@type': string;
    };
    expect(jsonLd['@type']).toBe('BarOrPub');

    // The booking form below it books at this venue: 18:00 is a time only it offers.
    const form = page.getByRole('form', { name: 'Booking request' });
    await expect(page.getByRole('heading', { name: `Book at ${name}` })).toBeVisible();
    await expect(form.getByLabel('Venue')).toHaveCount(0);
    // The page as rendered and the form the app adds to it: no serious accessibility problem.
    expect(await seriousViolations(page)).toEqual([]);
    const email = uniqueEmail('venue-booking');
    await form.getByLabel('Name').fill('E2E Visitor');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Date').fill(nightAhead());
    await form.getByLabel('Time').selectOption('18:00');
    // A person takes more than 3 s over the form; the api refuses faster ones as scripted.
    await page.waitForTimeout(3000);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/bookings') && answer.request().method() === 'POST'),
      form.getByRole('button', { name: 'Request Booking' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ venue: slug, time: '18:00' });
    await expect(page.getByRole('status').filter({ hasText: 'Booking request sent!' })).toBeVisible();

    // In this venue's inbox: filed under it, and its e-mail to the venue goes to its own address.
    const { bookings } = await call<{ bookings: BookingRow[] }>(
      request,
      'GET',
      `/api/admin/bookings?venue=${slug}&limit=100`,
      admin,
    );
    const booking = bookings.find((row) => row.email === email);
    expect(booking?.venue).toEqual({ id: venue.id, name });
    expect(booking?.deliveries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'venue-notification', recipient: inbox })]),
    );
  } finally {
    await call(request, 'POST', `/api/admin/venues/${venue.id}/archive`, admin);
  }
});

test('an unknown venue is a 404 page', async ({ page }) => {
  const response = await page.goto('/venues/no-such-venue');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No such venue' })).toBeVisible();
});
