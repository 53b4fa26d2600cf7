import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, venueZone } from '@/testing/route-fetch';
import { BookingForm } from './BookingForm';

const CREATED = { status: 201, body: { success: true, id: '0b8f8b1e-3f7e-4c55-9a43-0d1c6f0a9d21' } };

/** Only the clock is fixed (timers stay real, for user-event): "now" as the test says. */
const setNow = (iso: string) =>
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'hrtime',
      'performance',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  });

/** The nights the api says can be booked, with those fully booked. */
const availability = (full: { night: string; service: string }[] = [], firstNight = '2026-11-20', lastNight = '2027-05-20') => ({
  [at(routes.getBookingAvailability)]: { status: 200, body: { firstNight, lastNight, full } },
});

const optionValues = (label: string | RegExp) =>
  within(screen.getByLabelText(label))
    .getAllByRole<HTMLOptionElement>('option')
    .map((option) => option.value);

describe('BookingForm', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('offers 1 to 5 and 6+ guests, defaulting to 2', () => {
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(optionValues('Guests')).toEqual(['1', '2', '3', '4', '5', '6+']);
    expect(screen.getByLabelText('Guests')).toHaveValue('2');
    expect(screen.getByRole('option', { name: '6+ Guests' })).toBeInTheDocument();
  });

  it('offers no time until the night is chosen (never 18:00, which is no night opening hour)', () => {
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(optionValues(/^Time/)).toEqual(['']);
    expect(screen.getByRole('option', { name: 'Choose the night first' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Time/)).toHaveValue('');
  });

  it('offers the seven services with readable names, VIP Room by default', () => {
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(optionValues('Service')).toEqual([
      'vip-room',
      'private-room',
      'luxury-suite',
      'group-booking',
      'bucks-party',
      'birthday',
      'corporate',
    ]);
    expect(screen.getByLabelText('Service')).toHaveValue('vip-room');
    expect(screen.getByRole('option', { name: 'VIP Room' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bucks Party' })).toBeInTheDocument();
  });

  it('starts on the service it was opened for', () => {
    renderWithApp(<BookingForm initialService="group-booking" onBooked={() => undefined} />);
    expect(screen.getByLabelText('Service')).toHaveValue('group-booking');
  });

  it('makes name and email required for the browser, the night and the time for the form, the rest optional', () => {
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(screen.getByLabelText(/^Name/)).toBeRequired();
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    for (const label of ['Date', 'Time']) {
      const field = screen.getByLabelText(new RegExp(`^${label}`));
      expect(field).toHaveAttribute('aria-required', 'true');
      // Marked for people, as Name and Email are.
      expect(document.querySelector(`label[for="${field.id}"]`)).toHaveTextContent(`${label} *`);
    }
    for (const label of ['Phone', 'Guests', 'Service', 'Special requests']) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-required');
    }
  });

  it('sends nothing without a night and a time, and says so beside each field', async () => {
    const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone(), ...availability() });
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription('Please choose the night of your booking.');
    expect(screen.getByLabelText(/^Time/)).toHaveAccessibleDescription('Please choose a time.');
    expect(screen.getByLabelText(/^Time/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, routes.requestBooking)).toHaveLength(0);
  });

  it('shows a night fully booked for the chosen service before the form is filled, and does not send it', async () => {
    setNow('2026-11-20T00:00:00Z');
    const fetchMock = routeFetch({
      [at(routes.requestBooking)]: CREATED,
      ...venueZone('Australia/Sydney'),
      ...availability([{ night: '2026-12-11', service: 'luxury-suite' }]),
    });
    const { user } = renderWithApp(<BookingForm initialService="luxury-suite" onBooked={() => undefined} />);
    expect(await screen.findByText('Fully booked: Fri 11 Dec')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Date/), '2026-12-11');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Luxury Suite is fully booked on Fri 11 Dec. Still with places that night:',
    );
    expect(screen.getByRole('button', { name: 'Luxury Suite fully booked' })).toBeDisabled();
    // The other services still have places that night: offered, and one click picks one.
    const offered = within(screen.getByRole('status'))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual([
      'VIP Room',
      'Private Room',
      'Group Booking',
      'Bucks Party',
      'Birthday Celebration',
      'Corporate Event',
    ]);
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'VIP Room' }));
    expect(screen.getByLabelText('Service')).toHaveValue('vip-room');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Booking' })).toBeEnabled();
    expect(callsTo(fetchMock, routes.requestBooking)).toHaveLength(0);
  });

  it("refuses a night past the last bookable one in the api's own sentence, not the browser's", async () => {
    const fetchMock = routeFetch({
      [at(routes.requestBooking)]: CREATED,
      ...venueZone('Australia/Sydney'),
      ...availability([], '2026-11-25', '2027-05-28'),
    });
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(screen.getByRole('form', { name: 'Booking request' })).toHaveAttribute('novalidate');
    await waitFor(() => expect(screen.getByLabelText(/^Date/)).toHaveAttribute('max', '2027-05-28'));
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Date/), '2027-06-04');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(
      'Bookings open 6 months ahead: the last night you can book now is Friday 28 May 2027.',
    );
    expect(callsTo(fetchMock, routes.requestBooking)).toHaveLength(0);
  });

  it("keeps the picker to the api's bookable nights: tonight to 6 months ahead", async () => {
    routeFetch({ ...venueZone('Australia/Sydney'), ...availability([], '2026-11-25', '2027-05-25') });
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    const date = screen.getByLabelText(/^Date/);
    await waitFor(() => expect(date).toHaveAttribute('max', '2027-05-25'));
    expect(date).toHaveAttribute('min', '2026-11-25');
  });

  it("at 01:30 venue time offers tonight's remaining slots, tonight being the night that began yesterday", async () => {
    // 14:30 UTC on Wednesday 25 November: 01:30 on Thursday in Sydney, still Wednesday's night.
    setNow('2026-11-25T14:30:00Z');
    routeFetch({ ...venueZone('Australia/Sydney'), ...availability([], '2026-11-25', '2027-05-25') });
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    const date = screen.getByLabelText(/^Date/);
    await waitFor(() => expect(date).toHaveAttribute('min', '2026-11-25'));
    await user.type(date, '2026-11-25');
    expect(optionValues(/^Time/)).toEqual(['', '02:00']);
  });

  it('posts every field under its payload name and reports success', async () => {
    setNow('2026-11-20T00:00:00Z');
    const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone('Australia/Sydney'), ...availability() });
    const onBooked = jest.fn();
    const { user } = renderWithApp(<BookingForm onBooked={onBooked} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Date/), '2026-11-27');
    await user.selectOptions(screen.getByLabelText(/^Time/), '22:00');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));

    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, routes.requestBooking)[0]?.body).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '',
      date: '2026-11-27',
      time: '22:00',
      guests: '2',
      service: 'vip-room',
      message: '',
      website: '',
      fillMs: expect.stringMatching(/^\d+$/),
    });
  });

  it("keeps what was typed and shows the server's words beside the field at fault", async () => {
    setNow('2026-11-20T00:00:00Z');
    const ended =
      'The night of Tuesday 24 November 2026 has ended. Tonight is the night of Wednesday 25 November 2026; please choose it or a later night.';
    routeFetch({
      ...venueZone('Australia/Sydney'),
      [at(routes.requestBooking)]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: ended, issues: [{ path: 'date', message: ended }] },
      },
    });
    const onBooked = jest.fn();
    const { user } = renderWithApp(<BookingForm onBooked={onBooked} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Date/), '2026-11-27');
    await user.selectOptions(screen.getByLabelText(/^Time/), '22:00');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ended);
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(ended);
    expect(onBooked).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ann Lee');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@example.com');
  });

  it('says once, in plain words, that the e-mail is not valid', async () => {
    routeFetch({
      ...venueZone(),
      [at(routes.requestBooking)]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request: email must be a valid email address',
          issues: [{ path: 'email', message: 'must be a valid email address' }],
        },
      },
    });
    setNow('2026-11-20T00:00:00Z');
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example');
    await user.type(screen.getByLabelText(/^Date/), '2026-11-27');
    await user.selectOptions(screen.getByLabelText(/^Time/), '22:00');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Please enter a valid email address, like name@example\.com\.$/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Please enter a valid email address, like name@example.com.',
    );
  });

  it("offers the picked night's times: from 20:00 on a Monday, from 19:00 on a Friday", async () => {
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    const time = screen.getByLabelText(/^Time/);
    const offered = () => Array.from((time as HTMLSelectElement).options, (option) => option.value).filter(Boolean);
    const nextWeekday = (day: number) => {
      const date = new Date();
      date.setDate(date.getDate() + 7 + ((day - date.getDay() + 7) % 7));
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    await user.type(screen.getByLabelText(/^Date/), nextWeekday(1));
    expect(offered()[0]).toBe('20:00');
    expect(offered()).not.toContain('19:00');
    await user.clear(screen.getByLabelText(/^Date/));
    await user.type(screen.getByLabelText(/^Date/), nextWeekday(5));
    expect(offered()[0]).toBe('19:00');
    expect(offered()).not.toContain('18:00');
    expect(offered()).toContain('02:00');
  });

  it("does not let a date before the venue's club night be picked or sent", async () => {
    // 23:30 UTC on Friday 27 November: Saturday 10:30 in Sydney, so Friday is past there.
    setNow('2026-11-27T23:30:00Z');
    const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone('Australia/Sydney') });
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    const date = screen.getByLabelText(/^Date/);
    await waitFor(() => expect(date).toHaveAttribute('min', '2026-11-28'));
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(date, '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    // The picker offers nothing before that night, and the browser refuses to send a typed earlier date.
    expect((date as HTMLInputElement).validity.rangeUnderflow).toBe(true);
    expect(callsTo(fetchMock, routes.requestBooking)).toHaveLength(0);
  });

  it("follows the api's zone, not the browser's: at 03:00 in London the evening before can still be booked", async () => {
    // 03:00 on Saturday 28 November in London (and in this browser, which runs in UTC): the club
    // night is still Friday's, so the api accepts Friday, and so does the form.
    setNow('2026-11-28T03:00:00Z');
    routeFetch({ ...venueZone('Europe/London') });
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    const date = screen.getByLabelText(/^Date/);
    await waitFor(() => expect(date).toHaveAttribute('min', '2026-11-27'));
    // Friday's evening slots have all started on the venue's clocks; none is offered.
    await user.type(date, '2026-11-27');
    expect(optionValues(/^Time/)).toEqual(['']);
    expect((date as HTMLInputElement).validity.rangeUnderflow).toBe(false);
  });

  it("sets no minimum until the api has said the venue's zone, and still sends (the api checks the date)", async () => {
    const fetchMock = routeFetch({
      [at(routes.requestBooking)]: CREATED,
      [at(routes.getVenue)]: () => new Promise(() => undefined),
    });
    const onBooked = jest.fn();
    const { user } = renderWithApp(<BookingForm onBooked={onBooked} />);
    expect(screen.getByLabelText(/^Date/)).not.toHaveAttribute('min');
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Date/), '2026-11-27');
    await user.selectOptions(screen.getByLabelText(/^Time/), '22:00');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, routes.requestBooking)).toHaveLength(1);
  });

  describe('at a venue of a group', () => {
    const velvet = {
      id: 2,
      slug: 'the-velvet-room',
      name: 'The Velvet Room',
      kind: 'BarOrPub' as const,
      address: { street: '12 Old Compton St', locality: 'London', region: '', postalCode: 'W1D 4TQ', country: 'United Kingdom' },
      phone: '',
      timeZone: 'Europe/London',
      openingHours: { opensAtHour: [18, 18, 18, 18, 18, 18, 18], closesAtHour: 2, lastBookingHour: 0 },
      location: null,
    };
    const nocturne = {
      ...velvet,
      id: 1,
      slug: 'nocturne',
      name: 'Nocturne',
      kind: 'NightClub' as const,
      timeZone: 'Australia/Sydney',
      openingHours: { opensAtHour: [20, 20, 20, 20, 19, 19, 19], closesAtHour: 4, lastBookingHour: 2 },
    };
    const fill = async (user: ReturnType<typeof renderWithApp>['user'], date: string, time: string) => {
      await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
      await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
      await user.type(screen.getByLabelText(/^Date/), date);
      await user.selectOptions(screen.getByLabelText(/^Time/), time);
    };

    it("on the venue's page: its hours and nights, and the booking sent to it, with no venue choice", async () => {
      setNow('2026-11-20T00:00:00Z');
      const fetchMock = routeFetch({
        [at(routes.requestBooking)]: CREATED,
        ...venueZone('Australia/Sydney'),
        ...availability([], '2026-11-19'),
      });
      const onBooked = jest.fn();
      const { user } = renderWithApp(<BookingForm venue={velvet} onBooked={onBooked} />);
      expect(screen.queryByLabelText('Venue')).toBeNull();
      // Its own nights: asked for at that venue, in London's time (still the 19th there).
      await waitFor(() => expect(screen.getByLabelText(/^Date/)).toHaveAttribute('min', '2026-11-19'));
      expect(fetchMock.mock.calls.some(([url]) => url.includes('venue=the-velvet-room'))).toBe(true);
      await user.type(screen.getByLabelText(/^Date/), '2026-11-27');
      // Doors at 18:00, last booking at midnight.
      const offered = optionValues(/^Time/).filter(Boolean);
      expect(offered[0]).toBe('18:00');
      expect(offered.at(-1)).toBe('00:00');
      await user.clear(screen.getByLabelText(/^Date/));
      await fill(user, '2026-11-27', '18:00');
      await user.click(screen.getByRole('button', { name: 'Request Booking' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
      expect(callsTo(fetchMock, routes.requestBooking)[0]?.body).toMatchObject({ venue: 'the-velvet-room', time: '18:00' });
    });

    it("on a group's landing page: a venue choice, the first by default, whose hours the times follow", async () => {
      setNow('2026-11-20T00:00:00Z');
      const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone('Australia/Sydney'), ...availability() });
      const onBooked = jest.fn();
      const { user } = renderWithApp(<BookingForm venues={[nocturne, velvet]} onBooked={onBooked} />);
      expect(optionValues('Venue')).toEqual(['nocturne', 'the-velvet-room']);
      expect(screen.getByLabelText('Venue')).toHaveValue('nocturne');
      await user.type(screen.getByLabelText(/^Date/), '2026-11-27');
      expect(optionValues(/^Time/)).not.toContain('18:00');
      await user.selectOptions(screen.getByLabelText('Venue'), 'The Velvet Room');
      expect(optionValues(/^Time/)).toContain('18:00');
      await user.clear(screen.getByLabelText(/^Date/));
      await fill(user, '2026-11-27', '18:00');
      await user.click(screen.getByRole('button', { name: 'Request Booking' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
      expect(callsTo(fetchMock, routes.requestBooking)[0]?.body).toMatchObject({ venue: 'the-velvet-room' });
    });

    it('offers no choice for a single venue and sends no venue, as before venues', async () => {
      setNow('2026-11-20T00:00:00Z');
      const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone('Australia/Sydney'), ...availability() });
      const onBooked = jest.fn();
      const { user } = renderWithApp(<BookingForm venues={[nocturne]} onBooked={onBooked} />);
      expect(screen.queryByLabelText('Venue')).toBeNull();
      await fill(user, '2026-11-27', '22:00');
      await user.click(screen.getByRole('button', { name: 'Request Booking' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
      expect(callsTo(fetchMock, routes.requestBooking)[0]?.body).not.toHaveProperty('venue');
    });
  });
});
