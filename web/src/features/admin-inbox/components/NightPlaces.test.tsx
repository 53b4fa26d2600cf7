import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { BOOKING_SERVICES } from '@nocturne/contracts/constants';
import { aBooking } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { BookingsInbox } from './BookingsInbox';

const NIGHT = '2026-12-05';
const places = (overrides: Record<string, { capacity: number | null; booked: number }> = {}) => ({
  status: 200,
  body: {
    capacities: BOOKING_SERVICES.map((service) => {
      const { capacity, booked } = overrides[service] ?? { capacity: null, booked: 0 };
      return { night: NIGHT, service, capacity, booked, full: capacity !== null && booked >= capacity };
    }),
  },
});

describe("a night's bookings and places", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows the night's bookings with their status, and lets a manager set a service's places", async () => {
    const fetchMock = routeFetch({
      [at(routes.getVenue)]: { status: 200, body: { timeZone: 'Australia/Sydney' } },
      [at(routes.getInboxCounts)]: { status: 200, body: { requestedBookings: 0, newMessages: 0 } },
      [at(routes.listBookings)]: {
        status: 200,
        body: { bookings: [aBooking({ status: 'cancelled', service: 'birthday', date: NIGHT })] },
      },
      [at(routes.listBookingCapacities)]: [
        places({ birthday: { capacity: null, booked: 0 } }),
        places({ birthday: { capacity: 1, booked: 1 } }),
      ],
      [at(routes.setBookingCapacity)]: {
        status: 200,
        body: { success: true, capacity: { night: NIGHT, service: 'birthday', capacity: 1, booked: 1, full: true } },
      },
    });
    const { user } = renderWithApp(<BookingsInbox />);
    await user.type(screen.getByLabelText('Night'), NIGHT);
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.listBookings).some(({ url }) => url.includes(`night=${NIGHT}`))).toBe(true),
    );
    const item = await screen.findByRole('listitem', { name: 'Booking from Sam Guest' });
    expect(within(item).getByText('Cancelled')).toBeInTheDocument();
    expect(within(item).getByText('Cancelled by the guest through the link in their e-mail')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    const birthday = await screen.findByRole('form', { name: 'Places for Birthday Celebration' });
    await user.type(within(birthday).getByLabelText('Birthday Celebration places'), '1');
    await user.click(within(birthday).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.setBookingCapacity)[0]?.body).toEqual({ night: NIGHT, service: 'birthday', capacity: 1 }),
    );
    expect(await screen.findByText('Fully booked')).toBeInTheDocument();
  });
});
