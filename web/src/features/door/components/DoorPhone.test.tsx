import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { DoorCheckResponse } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { aMember, USER_COUPON_ID } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { DoorMode, type DoorCamera } from './DoorMode';

// Door mode as one phone among the account's phones: it names itself on every door request, and a
// wait after its wrong typed codes holds its typing only, never its camera.

const COUPON_QR = JSON.stringify({ userCouponId: USER_COUPON_ID, token: 'token-123' });
const coupon = {
  userCouponId: USER_COUPON_ID,
  title: 'Free drink',
  type: 'free_drink',
  value: null,
  valueLabel: 'Free drink',
} as const;
const member = { firstName: 'Jordan', tier: 'silver', status: 'active' } as const;
const valid: DoorCheckResponse = { kind: 'coupon', ok: true, message: 'Valid', refusal: null, coupon, member };
const tonight = {
  [at(routes.getDoorTonight)]: { status: 200, body: { night: '2026-11-27', mine: { redemptions: 0, visits: 0, undone: 0 } } },
};
const waits = (seconds: number, account = false) => ({
  status: 429,
  body: {
    success: false,
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Too many wrong codes${account ? ' from this account' : ''}: typing again in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
    retryAfter: seconds,
  },
});

function fakeCamera() {
  let emit: (text: string) => void = () => undefined;
  const start = jest.fn<DoorCamera>(async (_id, onDecoded) => {
    emit = onDecoded;
    return async () => undefined;
  });
  return { start, show: (text: string) => act(async () => emit(text)) };
}

function clock(start = Date.parse('2026-11-27T12:30:00Z')) {
  let now = start;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  return { pass: (ms: number) => (now += ms) };
}

async function openDoor(answers: Parameters<typeof routeFetch>[0]) {
  const fetchMock = routeFetch({ ...tonight, ...answers });
  const camera = fakeCamera();
  const view = renderWithApp(<DoorMode startCamera={camera.start} />);
  await waitFor(() => expect(camera.start).toHaveBeenCalledTimes(1));
  return { fetchMock, camera, ...view };
}

/** The headers of each call to a route. */
const headersOf = (fetchMock: ReturnType<typeof routeFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url.split('?')[0] === path).map(([, init]) => new Headers(init?.headers));

describe("door mode on one of the account's phones", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'door', isAdmin: false, firstName: 'Sam' }));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('names itself with one id, made once and kept on the phone, on every check and redeem', async () => {
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: valid },
      [at(routes.redeemAtDoor)]: {
        status: 200,
        body: {
          ok: true,
          message: 'Redeemed: Free drink for Jordan',
          userCouponId: USER_COUPON_ID,
          redeemedAt: new Date().toISOString(),
          undoableUntil: new Date(Date.now() + 900_000).toISOString(),
        },
      },
    });
    await camera.show(COUPON_QR);
    await user.click(within(await screen.findByTestId('door-verdict')).getByRole('button', { name: /Redeem/ }));
    await waitFor(() => expect(callsTo(fetchMock, routes.redeemAtDoor)).toHaveLength(1));
    const sent = [...headersOf(fetchMock, routes.checkAtDoor.path), ...headersOf(fetchMock, routes.redeemAtDoor.path)].map((h) =>
      h.get('X-Door-Device'),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(localStorage.getItem('doorDevice')).toBe(sent[0]);
  });

  it('after wrong codes, counts down with Check disabled, while the camera still checks a QR', async () => {
    const time = clock();
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: (body) =>
        (body as { method: string }).method === 'typed' ? waits(42) : { status: 200, body: valid },
    });
    await user.click(screen.getByRole('button', { name: 'Type a code' }));
    const field = screen.getByRole('textbox', { name: "The code under the member's QR" });
    await user.type(field, 'ABCD-EFGH-JKM');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    // The refusal fills the screen in the api's words, the wait named.
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes: typing again in 0:42');
    expect(screen.getByTestId('door-countdown')).toHaveTextContent('0:42');
    expect(field).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: "The code under the member's QR" }), 'X');
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();

    // The camera reads a member's QR meanwhile: checked, and green.
    time.pass(2000);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await camera.show(COUPON_QR);
    expect(await screen.findByTestId('door-verdict')).toHaveAttribute('data-ok', 'true');
    expect(callsTo(fetchMock, routes.checkAtDoor).map((call) => (call.body as { method: string }).method)).toEqual([
      'typed',
      'scan',
    ]);
    await waitFor(() => expect(screen.getByTestId('door-countdown')).toHaveTextContent('0:40'), { timeout: 2000 });

    // The wait runs out: typing again.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    time.pass(40_000);
    await waitFor(() => expect(screen.queryByTestId('door-countdown')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(screen.getByRole('textbox', { name: "The code under the member's QR" })).toBeEnabled();
  });

  it('says so when the whole account waits, and shows the countdown with typed entry closed', async () => {
    clock();
    const { user } = await openDoor({ [at(routes.checkAtDoor)]: waits(812, true) });
    await user.click(screen.getByRole('button', { name: 'Type a code' }));
    await user.type(screen.getByRole('textbox', { name: "The code under the member's QR" }), 'ABCD-EFGH-JKM');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText(/Too many wrong codes from this account: typing again in/, { selector: 'p[role=status]' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('door-countdown')).toHaveTextContent('13:32');
  });

  it('checks the code still in the frame again after an Undo, without it leaving the frame', async () => {
    const time = clock();
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: valid },
      [at(routes.redeemAtDoor)]: {
        status: 200,
        body: {
          ok: true,
          message: 'Redeemed: Free drink for Jordan',
          userCouponId: USER_COUPON_ID,
          redeemedAt: new Date(Date.now()).toISOString(),
          undoableUntil: new Date(Date.now() + 900_000).toISOString(),
        },
      },
      [at(routes.undoRedemption, { userCouponId: USER_COUPON_ID })]: {
        status: 200,
        body: { success: true, message: 'Redemption undone: Free drink is claimed again' },
      },
    });
    await camera.show(COUPON_QR);
    await user.click(within(await screen.findByTestId('door-verdict')).getByRole('button', { name: /Redeem/ }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    // Still held up: not checked again, as ever.
    time.pass(500);
    await camera.show(COUPON_QR);
    expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Redemption undone: Free drink is claimed again')).toBeInTheDocument();
    // The next frame of the same code, never out of view: checked again, green again.
    time.pass(300);
    await camera.show(COUPON_QR);
    await waitFor(() => expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(2));
    expect(await screen.findByTestId('door-verdict')).toHaveAttribute('data-ok', 'true');
  });

  it('asks which door this is when the venue named doors, remembers it, and names it on every request and verdict', async () => {
    const doors = {
      [at(routes.listDoorsToPick)]: {
        status: 200,
        body: {
          doors: [
            { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', venueId: 1, venueName: 'Nocturne', name: 'Main door', archived: false },
            { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', venueId: 1, venueName: 'Nocturne', name: 'VIP', archived: false },
          ],
        },
      },
    };
    const { fetchMock, camera, user, unmount } = await openDoor({
      ...doors,
      [at(routes.checkAtDoor)]: { status: 200, body: valid },
    });
    expect(await screen.findByRole('heading', { name: 'Which door is this?' })).toBeInTheDocument();
    expect(screen.queryByTestId('door-camera')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'VIP' }));
    expect(await screen.findByTestId('door-camera')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'At VIP: change door' })).toBeInTheDocument();
    await camera.show(COUPON_QR);
    await screen.findByTestId('door-verdict');
    expect(screen.getByTestId('door-name')).toHaveTextContent('VIP');
    expect(headersOf(fetchMock, routes.checkAtDoor.path)[0]!.get('X-Door-Id')).toBe('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
    unmount();

    // Opened again on this phone: not asked again.
    await openDoor(doors);
    expect(await screen.findByRole('button', { name: 'At VIP: change door' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Which door is this?' })).not.toBeInTheDocument();
  });

  it('asks nothing where no door is named', async () => {
    await openDoor({ [at(routes.listDoorsToPick)]: { status: 200, body: { doors: [] } } });
    expect(await screen.findByTestId('door-camera')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Which door is this?' })).not.toBeInTheDocument();
  });
});
