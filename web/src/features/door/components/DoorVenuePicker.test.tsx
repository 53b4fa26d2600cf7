import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { DoorCheckResponse, VenueChoice } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { aMember, USER_COUPON_ID } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { DoorMode, type DoorCamera } from './DoorMode';

// Door mode for an account of several venues (PRODUCT.md §12): "Which venue?" once, remembered on
// the phone, and that venue named with every check, redemption and tally; an account of one venue
// is asked nothing and its requests name none (the api takes its only venue), but its screen names
// that venue, with nothing to change.
const COUPON_QR = JSON.stringify({ userCouponId: USER_COUPON_ID, token: 'token-123' });
const coupon = {
  userCouponId: USER_COUPON_ID,
  title: 'Free drink',
  type: 'free_drink',
  value: null,
  valueLabel: 'Free drink',
} as const;
const valid: DoorCheckResponse = {
  kind: 'coupon',
  ok: true,
  message: 'Valid',
  refusal: null,
  coupon,
  member: { firstName: 'Jordan', tier: 'silver', status: 'active' },
};
const venue = (id: number, name: string, mine = true): VenueChoice => ({ id, name, archived: false, mine });
const sydney = venue(1, 'The Sydney Room');
const london = venue(2, 'The London Room');

function fakeCamera() {
  let emit: (text: string) => void = () => undefined;
  const start = jest.fn<DoorCamera>(async (_id, onDecoded) => {
    emit = onDecoded;
    return async () => undefined;
  });
  return { start, show: (text: string) => act(async () => emit(text)) };
}

function answers(venues: VenueChoice[]) {
  return routeFetch({
    [at(routes.listVenueChoices)]: { status: 200, body: { venues } },
    [at(routes.getDoorTonight)]: { status: 200, body: { night: '2026-11-27', mine: { redemptions: 0, visits: 0, undone: 0 } } },
    [at(routes.checkAtDoor)]: { status: 200, body: valid },
    [at(routes.redeemAtDoor)]: {
      status: 200,
      body: {
        ok: true,
        message: 'Redeemed: Free drink for Jordan',
        userCouponId: USER_COUPON_ID,
        redeemedAt: new Date().toISOString(),
        undoableUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
      },
    },
  });
}

describe('door mode at a venue group', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'door', isAdmin: false, firstName: 'Sam' }));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('asks an account of two venues "Which venue?" once, then names it with every check, redemption and tally', async () => {
    const fetchMock = answers([sydney, london]);
    const camera = fakeCamera();
    const first = renderWithApp(<DoorMode startCamera={camera.start} />);
    expect(await screen.findByRole('heading', { name: 'Which venue?' })).toBeInTheDocument();
    // No camera under the question (it may have started for a moment while the venues loaded).
    const started = camera.start.mock.calls.length;
    await first.user.click(screen.getByRole('button', { name: 'The London Room' }));
    await waitFor(() => expect(camera.start.mock.calls.length).toBe(started + 1));
    expect(screen.getByRole('button', { name: 'At The London Room: change venue' })).toBeInTheDocument();
    await camera.show(COUPON_QR);
    const shown = await screen.findByTestId('door-verdict');
    await first.user.click(within(shown).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.redeemAtDoor)).toHaveLength(1));
    expect(callsTo(fetchMock, routes.checkAtDoor).map((call) => call.body)).toEqual([
      { text: COUPON_QR, method: 'scan', venueId: 2 },
    ]);
    expect(callsTo(fetchMock, routes.redeemAtDoor)[0]!.body).toEqual({ text: COUPON_QR, method: 'scan', venueId: 2 });
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.getDoorTonight).map((call) => call.url)).toContain(
        `${routes.getDoorTonight.path}?venueId=2`,
      ),
    );
    first.unmount();

    // The phone remembers it: opened again, door mode goes straight to the camera.
    const again = fakeCamera();
    renderWithApp(<DoorMode startCamera={again.start} />);
    await waitFor(() => expect(again.start).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Which venue?' })).not.toBeInTheDocument();
  });

  it('asks an account of one venue nothing, shows its venue with nothing to change, and names none in requests', async () => {
    const fetchMock = answers([sydney, venue(2, 'The London Room', false)]);
    const camera = fakeCamera();
    renderWithApp(<DoorMode startCamera={camera.start} />);
    await waitFor(() => expect(camera.start).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(callsTo(fetchMock, routes.listVenueChoices).length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Which venue?' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('door-venue')).toHaveTextContent('The Sydney Room');
    expect(screen.queryByRole('button', { name: /change venue/ })).not.toBeInTheDocument();
    expect(screen.queryByText('The London Room')).not.toBeInTheDocument();
    await camera.show(COUPON_QR);
    await screen.findByTestId('door-verdict');
    expect(callsTo(fetchMock, routes.checkAtDoor).map((call) => call.body)).toEqual([{ text: COUPON_QR, method: 'scan' }]);
  });

  it('forgets a venue this phone remembered that the signed-in account does not work at, and asks again', async () => {
    localStorage.setItem('doorVenue', '7');
    answers([sydney, london]);
    renderWithApp(<DoorMode startCamera={fakeCamera().start} />);
    expect(await screen.findByRole('heading', { name: 'Which venue?' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('doorVenue')).toBeNull());
  });

  it('names no venue in a group of one venue', async () => {
    const fetchMock = answers([sydney]);
    const camera = fakeCamera();
    renderWithApp(<DoorMode startCamera={camera.start} />);
    await waitFor(() => expect(camera.start).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(callsTo(fetchMock, routes.listVenueChoices).length).toBeGreaterThan(0));
    expect(screen.queryByTestId('door-venue')).not.toBeInTheDocument();
    expect(screen.queryByText('The Sydney Room')).not.toBeInTheDocument();
  });
});
