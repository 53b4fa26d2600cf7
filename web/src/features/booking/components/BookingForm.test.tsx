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

const optionValues = (label: string) =>
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

  it('offers times from 18:00 to 02:00 with nothing chosen by default', () => {
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(optionValues('Time')).toEqual(['', '18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00']);
    expect(screen.getByLabelText('Time')).toHaveValue('');
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

  it('makes name and email required for the browser, the rest optional', () => {
    renderWithApp(<BookingForm onBooked={() => undefined} />);
    expect(screen.getByLabelText(/^Name/)).toBeRequired();
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    for (const label of ['Phone', 'Date', 'Time', 'Guests', 'Service', 'Special requests']) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
  });

  it('posts every field under its payload name and reports success', async () => {
    const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone() });
    const onBooked = jest.fn();
    const { user } = renderWithApp(<BookingForm onBooked={onBooked} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.selectOptions(screen.getByLabelText('Time'), '22:00');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));

    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, routes.requestBooking)[0]?.body).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '',
      date: '',
      time: '22:00',
      guests: '2',
      service: 'vip-room',
      message: '',
      website: '',
      fillMs: expect.stringMatching(/^\d+$/),
    });
  });

  it('keeps what was typed and shows the server message when the booking fails', async () => {
    routeFetch({
      ...venueZone(),
      [at(routes.requestBooking)]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid booking request',
          issues: [{ path: 'date', message: 'must be today or later' }],
        },
      },
    });
    const onBooked = jest.fn();
    const { user } = renderWithApp(<BookingForm onBooked={onBooked} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Date must be today or later\.$/);
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
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Please enter a valid email address, like name@example\.com\.$/);
    expect(alert.textContent?.match(/valid email/g)).toHaveLength(1);
  });

  it("offers the picked night's times: from 20:00 on a Monday, from 19:00 on a Friday", async () => {
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    const time = screen.getByLabelText('Time');
    const offered = () => Array.from((time as HTMLSelectElement).options, (option) => option.value).filter(Boolean);
    const nextWeekday = (day: number) => {
      const date = new Date();
      date.setDate(date.getDate() + 7 + ((day - date.getDay() + 7) % 7));
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    await user.type(screen.getByLabelText('Date'), nextWeekday(1));
    expect(offered()[0]).toBe('20:00');
    expect(offered()).not.toContain('19:00');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), nextWeekday(5));
    expect(offered()[0]).toBe('19:00');
    expect(offered()).not.toContain('18:00');
    expect(offered()).toContain('02:00');
  });

  it("does not let a date before the venue's club night be picked or sent", async () => {
    // 23:30 UTC on Friday 27 November: Saturday 10:30 in Sydney, so Friday is past there.
    setNow('2026-11-27T23:30:00Z');
    const fetchMock = routeFetch({ [at(routes.requestBooking)]: CREATED, ...venueZone('Australia/Sydney') });
    const { user } = renderWithApp(<BookingForm onBooked={() => undefined} />);
    const date = screen.getByLabelText('Date');
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
    const date = screen.getByLabelText('Date');
    await waitFor(() => expect(date).toHaveAttribute('min', '2026-11-27'));
    // Friday's evening slots have all started on the venue's clocks; none is offered.
    await user.type(date, '2026-11-27');
    expect(optionValues('Time')).toEqual(['']);
    expect((date as HTMLInputElement).validity.rangeUnderflow).toBe(false);
  });

  it("sets no minimum until the api has said the venue's zone, and still sends (the api checks the date)", async () => {
    const fetchMock = routeFetch({
      [at(routes.requestBooking)]: CREATED,
      [at(routes.getVenue)]: () => new Promise(() => undefined),
    });
    const onBooked = jest.fn();
    const { user } = renderWithApp(<BookingForm onBooked={onBooked} />);
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('min');
    await user.type(screen.getByLabelText(/^Name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, routes.requestBooking)).toHaveLength(1);
  });
});
