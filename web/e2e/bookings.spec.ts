import { call, requireApi, signInAdmin } from './club';
import { expect, test } from './fixtures';

// Bookings that fit the night, against the whole stack: a night a manager has filled
// shows as Fully booked in the booking form before anyone fills it in, and cannot be sent.
requireApi();

/** A night three weeks from now (YYYY-MM-DD): within the 6 months the form offers, and never tonight. */
const nightAhead = () => new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

test('a night whose places a manager has filled shows as Fully booked before the form is filled in', async ({
  page,
  request,
}) => {
  const night = nightAhead();
  const admin = await signInAdmin(request);
  await call(request, 'PUT', '/api/admin/booking-capacities', admin, { night, service: 'luxury-suite', capacity: 0 });

  await page.goto('/');
  await page.getByRole('button', { name: 'Book VIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Experience' });
  await dialog.getByLabel('Service').selectOption('luxury-suite');
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  const short = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })
    .format(new Date(Date.UTC(year, month - 1, day)))
    .replace(',', '');
  await expect(dialog.getByText(/^Fully booked: /)).toContainText(short);

  await dialog.getByLabel('Date').fill(night);
  await expect(dialog.getByRole('status')).toContainText(
    `Luxury Suite is fully booked on ${short}. Still with places that night:`,
  );
  await expect(dialog.getByRole('button', { name: 'Luxury Suite fully booked' })).toBeDisabled();
  // The same night still takes the VIP room: offered, and one click picks it.
  await dialog.getByRole('status').getByRole('button', { name: 'VIP Room' }).click();
  await expect(dialog.getByLabel('Service')).toHaveValue('vip-room');
  await expect(dialog.getByRole('button', { name: 'Request Booking' })).toBeEnabled();

  await call(request, 'PUT', '/api/admin/booking-capacities', admin, { night, service: 'luxury-suite', capacity: null });
});
