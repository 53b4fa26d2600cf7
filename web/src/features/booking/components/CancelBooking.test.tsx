import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch } from '@/testing/route-fetch';
import { CancelBooking } from './CancelBooking';

const ID = '0b8f8b1e-3f7e-4c55-9a43-0d1c6f0a9d21';
const view = { night: '2026-11-27', time: '01:00', service: 'vip-room', guests: '4', status: 'confirmed', cancellable: true };

describe('CancelBooking', () => {
  it('shows the booking of the signed link and cancels it on one click', async () => {
    const fetchMock = routeFetch({
      [at(routes.getBookingCancellation, { id: ID })]: { status: 200, body: view },
      [at(routes.cancelBooking, { id: ID })]: { status: 200, body: { ...view, status: 'cancelled', cancellable: false } },
    });
    const { user } = renderWithApp(<CancelBooking id={ID} token="signed" />);
    expect(await screen.findByText('Friday 27 November 2026')).toBeInTheDocument();
    expect(screen.getByText('01:00 (after midnight)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your booking is cancelled.');
    expect(callsTo(fetchMock, routes.cancelBooking, { id: ID })[0]?.body).toEqual({ token: 'signed' });
  });

  it('says why a booking can no longer be cancelled, and that a bad link is not valid', async () => {
    routeFetch({
      [at(routes.getBookingCancellation, { id: ID })]: { status: 200, body: { ...view, cancellable: false } },
    });
    renderWithApp(<CancelBooking id={ID} token="signed" />);
    expect(await screen.findByRole('status')).toHaveTextContent('The time of this booking has come');
    expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });

  it('refuses a link that does not match, in words', async () => {
    routeFetch({
      [at(routes.getBookingCancellation, { id: ID })]: { status: 404, body: { statusCode: 404, message: 'x' } },
    });
    renderWithApp(<CancelBooking id={ID} token="forged" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This cancel link is not valid.');
  });
});
