import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DoorCheckResponse } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { USER_COUPON_ID } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { aMember } from '@/testing/fixtures';
import { DoorMode, type DoorCamera } from './DoorMode';

const COUPON_QR = JSON.stringify({ userCouponId: USER_COUPON_ID, token: 'token-123' });
const CARD_QR = JSON.stringify({ memberCardId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', token: 'card-token' });
const OTHER_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const coupon = {
  userCouponId: USER_COUPON_ID,
  title: 'Free drink',
  type: 'free_drink',
  value: null,
  valueLabel: 'Free drink',
} as const;
const member = { firstName: 'Jordan', tier: 'silver', status: 'active' } as const;

const valid: DoorCheckResponse = { kind: 'coupon', ok: true, message: 'Valid', refusal: null, coupon, member };
const used: DoorCheckResponse = {
  kind: 'coupon',
  ok: false,
  message: 'Already used at 23:41 (Sam)',
  refusal: 'already_used',
  coupon,
  member,
};
const card: DoorCheckResponse = {
  kind: 'card',
  ok: true,
  message: 'Welcome, Jordan: visit recorded, +20 points',
  refusal: null,
  member,
  visit: { night: '2026-11-27', recorded: true, points: 20 },
  coupons: [coupon, { ...coupon, userCouponId: OTHER_ID, title: 'Half-price cocktail', valueLabel: '50% off' }],
};
const redeemed = (userCouponId = USER_COUPON_ID, minutesLeft = 15) => ({
  status: 200,
  body: {
    ok: true,
    message: 'Redeemed: Free drink for Jordan',
    userCouponId,
    redeemedAt: new Date(Date.now()).toISOString(),
    undoableUntil: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
  },
});
const tonight = {
  [at(routes.getDoorTonight)]: { status: 200, body: { night: '2026-11-27', mine: { redemptions: 3, visits: 2, undone: 0 } } },
};

/** A camera that decodes whatever the test holds in front of it. */
function fakeCamera() {
  let emit: (text: string) => void = () => undefined;
  let paused: () => boolean = () => false;
  const stop = jest.fn(async () => undefined);
  const start = jest.fn<DoorCamera>(async (_id, onDecoded, options) => {
    emit = onDecoded;
    paused = options.paused;
    return stop;
  });
  return { start, stop, show: (text: string) => act(async () => emit(text)), decoding: () => !paused() };
}

/** The clock Date.now() reads (door mode's dedupe, wedge and countdown), moved by the test. */
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

const verdict = () => screen.findByTestId('door-verdict');

describe('door mode', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aMember({ role: 'door', isAdmin: false, firstName: 'Sam' }));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('checks a code the camera keeps seeing once, and again only after it was out of view for 1.5 s', async () => {
    const time = clock();
    const { fetchMock, camera } = await openDoor({ [at(routes.checkAtDoor)]: { status: 200, body: used } });
    await camera.show(COUPON_QR);
    expect(await verdict()).toHaveAttribute('data-ok', 'false');
    expect(screen.getByRole('alert')).toHaveTextContent('Already used at 23:41 (Sam)');
    // Held in view for five more seconds, about a frame every second: no second check, no second log row.
    for (let second = 0; second < 5; second += 1) {
      time.pass(1000);
      await camera.show(COUPON_QR);
    }
    expect(callsTo(fetchMock, routes.checkAtDoor)).toEqual([
      { url: routes.checkAtDoor.path, body: { text: COUPON_QR, method: 'scan' } },
    ]);
    // Out of view for two seconds, then shown again: a new attempt.
    time.pass(2000);
    await camera.show(COUPON_QR);
    await waitFor(() => expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(2));
  });

  it('decodes nothing while a verdict covers the camera; back to scanning, a code still held up is not checked again', async () => {
    const time = clock();
    const { fetchMock, camera, user } = await openDoor({ [at(routes.checkAtDoor)]: { status: 200, body: used } });
    expect(camera.decoding()).toBe(true);
    await camera.show(COUPON_QR);
    await verdict();
    expect(camera.decoding()).toBe(false);
    // Red gives way to the camera after about 4 s on its own; the code was held up all along.
    time.pass(4000);
    await waitFor(() => expect(screen.queryByTestId('door-verdict')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(camera.decoding()).toBe(true);
    time.pass(100);
    await camera.show(COUPON_QR);
    expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(1);
    // Staff tap Next after a while with the next code still held up: it is not checked again either.
    time.pass(3000);
    await camera.show(CARD_QR);
    time.pass(6000);
    await user.click(within(await verdict()).getByRole('button', { name: 'Next' }));
    expect(camera.decoding()).toBe(true);
    time.pass(100);
    await camera.show(CARD_QR);
    expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(2);
    // Taken away and shown again: a new attempt.
    time.pass(2000);
    await camera.show(CARD_QR);
    await waitFor(() => expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(3));
  });

  it('fills the screen green with the coupon and member, redeems it, and does not check it again while it stays in view', async () => {
    const time = clock();
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: valid },
      [at(routes.redeemAtDoor)]: redeemed(),
    });
    await camera.show(COUPON_QR);
    const shown = await verdict();
    expect(shown).toHaveAttribute('data-ok', 'true');
    expect(within(shown).getByText('Free drink', { selector: 'p.text-3xl' })).toBeInTheDocument();
    expect(within(shown).getByTestId('door-member')).toHaveTextContent('Jordan · Silver');
    // A green verdict waits for staff: another code in view is not checked meanwhile.
    time.pass(500);
    await camera.show(CARD_QR);
    await user.click(within(shown).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Redeemed: Free drink for Jordan', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.redeemAtDoor)).toEqual([
      { url: routes.redeemAtDoor.path, body: { text: COUPON_QR, method: 'scan' } },
    ]);
    time.pass(500);
    await camera.show(COUPON_QR);
    expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(1);
  });

  it("shows a card's status, tier and coupons, each redeemable from there", async () => {
    clock();
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: card },
      [at(routes.redeemAtDoor)]: redeemed(OTHER_ID),
    });
    await camera.show(CARD_QR);
    const shown = await verdict();
    expect(within(shown).getByRole('alert')).toHaveTextContent('Welcome, Jordan: visit recorded, +20 points');
    expect(within(shown).getByTestId('door-member')).toHaveTextContent('Jordan · Silver · Active');
    const coupons = within(shown).getByRole('list', { name: 'Coupons usable tonight' });
    expect(
      within(coupons)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Free drink', 'Half-price cocktail']);
    await user.click(
      within(within(coupons).getByRole('listitem', { name: 'Half-price cocktail' })).getByRole('button', { name: 'Redeem' }),
    );
    expect(await within(coupons).findByText('Redeemed')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.redeemAtDoor)[0]?.body).toEqual({ text: CARD_QR, method: 'scan', userCouponId: OTHER_ID });
    // The other coupon can still be redeemed, and the one just redeemed can be undone from here.
    expect(
      within(within(coupons).getByRole('listitem', { name: 'Free drink' })).getByRole('button', { name: 'Redeem' }),
    ).toBeEnabled();
    expect(within(shown).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('undoes the last redemption in one tap while the undo window lasts', async () => {
    clock();
    const { fetchMock, camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: valid },
      [at(routes.redeemAtDoor)]: redeemed(),
      [at(routes.undoRedemption, { userCouponId: USER_COUPON_ID })]: {
        status: 200,
        body: { success: true, message: 'Redemption undone: Free drink is claimed again' },
      },
    });
    await camera.show(COUPON_QR);
    await user.click(within(await verdict()).getByRole('button', { name: 'Redeem' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Redemption undone: Free drink is claimed again')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.undoRedemption, { userCouponId: USER_COUPON_ID })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('offers no Undo once the undo window has passed', async () => {
    clock();
    const { camera, user } = await openDoor({
      [at(routes.checkAtDoor)]: { status: 200, body: valid },
      [at(routes.redeemAtDoor)]: redeemed(USER_COUPON_ID, 0),
    });
    await camera.show(COUPON_QR);
    await user.click(within(await verdict()).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Redeemed: Free drink for Jordan', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it("takes fast keys typed anywhere and then Enter as a barcode scanner's scan; a person typing on the page is not", async () => {
    const time = clock();
    const { fetchMock } = await openDoor({ [at(routes.checkAtDoor)]: { status: 200, body: used } });
    const typeOnPage = (text: string, gapMs: number) => {
      for (const key of text) {
        time.pass(gapMs);
        fireEvent.keyDown(document.body, { key });
      }
      time.pass(gapMs);
      fireEvent.keyDown(document.body, { key: 'Enter' });
    };
    typeOnPage('k7qm-3xpd', 400);
    expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(0);
    typeOnPage('K7QM-3XPD-2A9', 10);
    await waitFor(() =>
      expect(callsTo(fetchMock, routes.checkAtDoor)).toEqual([
        { url: routes.checkAtDoor.path, body: { text: 'K7QM-3XPD-2A9', method: 'scan' } },
      ]),
    );
    expect(await verdict()).toHaveAttribute('data-ok', 'false');
  });

  it('opens typed entry only on request, upper-cases it, and counts down a lockout before typing again', async () => {
    const time = clock();
    const { fetchMock, user } = await openDoor({
      [at(routes.checkAtDoor)]: {
        status: 429,
        body: { success: false, statusCode: 429, error: 'Too Many Requests', message: 'Too many wrong codes', retryAfter: 90 },
      },
    });
    // No field, so no keyboard, until asked.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Type a code' }));
    const field = screen.getByRole('textbox', { name: "The code under the member's QR" });
    await user.type(field, 'k7qm 3xpd-2a8');
    expect(field).toHaveValue('K7QM 3XPD-2A8');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(callsTo(fetchMock, routes.checkAtDoor)).toEqual([
      { url: routes.checkAtDoor.path, body: { text: 'K7QM 3XPD-2A8', method: 'typed' } },
    ]);
    expect(await screen.findByTestId('door-countdown')).toHaveTextContent('1:30');
    expect(field).toBeDisabled();
    time.pass(89_000);
    await waitFor(() => expect(screen.getByTestId('door-countdown')).toHaveTextContent('0:01'), { timeout: 2000 });
    expect(field).toBeDisabled();
    time.pass(1000);
    await waitFor(() => expect(screen.queryByTestId('door-countdown')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(field).toBeEnabled();
  });

  it('keeps the screen awake while open, again when the page is visible again, and lets go on leaving', async () => {
    const release = jest.fn(async () => undefined);
    const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
    const request = jest.fn(async (_type: 'screen') => {
      const sentinel = { released: false, release };
      sentinels.push(sentinel);
      return sentinel;
    });
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    try {
      const { unmount } = await openDoor({});
      await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
      // The browser drops the lock when the page is hidden; visible again, it is asked for again.
      sentinels[0]!.released = true;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
      unmount();
      expect(release).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });

  it('buzzes once for a yes and three times for a no, where the phone can', async () => {
    clock();
    const vibrate = jest.fn((_pattern: VibratePattern) => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    try {
      const { camera } = await openDoor({
        [at(routes.checkAtDoor)]: [
          { status: 200, body: valid },
          { status: 200, body: used },
        ],
      });
      await camera.show(COUPON_QR);
      await verdict();
      await waitFor(() => expect(vibrate).toHaveBeenLastCalledWith(120));
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      await camera.show(CARD_QR);
      expect(await verdict()).toHaveAttribute('data-ok', 'false');
      await waitFor(() => expect(vibrate).toHaveBeenLastCalledWith([80, 60, 80, 60, 80]));
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });

  it("shows tonight's tally of this staffer's redemptions and visits, the night as a venue date", async () => {
    await openDoor({});
    expect(await screen.findByTestId('door-tally')).toHaveTextContent('Fri 27 Nov: 3 redeemed by you · 2 visits');
  });
});
