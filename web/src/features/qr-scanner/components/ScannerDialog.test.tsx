import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DoorCheckResponse } from '@nocturne/contracts';
import { ALREADY_REDEEMED } from '@nocturne/domain';
import { useState } from 'react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import type { CameraControls, StartCamera } from '../api/camera';
import { ScannerDialog } from './ScannerDialog';

const code = { userCouponId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', token: 'token-123' };
const member = { firstName: 'Ann', tier: 'silver', status: 'active' } as const;
const coupon = {
  userCouponId: code.userCouponId,
  title: 'Half-price cocktail',
  type: 'percentage',
  value: 50,
  valueLabel: '50% off',
} as const;
const validAnswer: DoorCheckResponse = {
  kind: 'coupon',
  ok: true,
  message: 'Valid',
  refusal: null,
  coupon,
  member,
};
const usedAnswer: DoorCheckResponse = { ...validAnswer, ok: false, message: ALREADY_REDEEMED, refusal: 'already_used' };
const redeemedAnswer = {
  ok: true,
  message: 'Redeemed: Half-price cocktail for Ann',
  userCouponId: code.userCouponId,
  redeemedAt: '2026-11-28T12:00:00.000Z',
  undoableUntil: '2026-11-28T12:15:00.000Z',
};

/** A camera that decodes whatever the test shows it. */
function fakeCamera() {
  let emit: (text: string) => void = () => undefined;
  const stop = jest.fn(async () => undefined);
  const start = jest.fn<StartCamera>(async (_id, onDecoded) => {
    emit = onDecoded;
    return stop;
  });
  return { start, stop, show: (text: string) => act(async () => emit(text)) };
}

function renderScanner(camera: StartCamera) {
  const onOpenChange = jest.fn();
  const view = renderWithApp(<ScannerDialog open onOpenChange={onOpenChange} startCamera={camera} />);
  return { ...view, onOpenChange };
}

describe('QR scanner', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("checks a scan at the door's endpoint, shows the details, redeems it there and closes", async () => {
    const camera = fakeCamera();
    const fetchMock = routeFetch({
      [at(routes.checkAtDoor)]: { status: 200, body: validAnswer },
      [at(routes.redeemAtDoor)]: { status: 200, body: redeemedAnswer },
    });
    const view = renderScanner(camera.start);
    expect(screen.getByRole('dialog', { name: 'Scan QR Code' })).toBeInTheDocument();
    expect(screen.getAllByText('Position the QR code within the camera frame').length).toBeGreaterThan(0);
    await screen.findByTestId('qr-camera');
    expect(camera.start).toHaveBeenCalledTimes(1);
    await camera.show(JSON.stringify(code));
    // A second frame while the first is being handled is ignored: one scan at a time.
    await camera.show(JSON.stringify(code));
    expect(await screen.findByText('Valid Coupon Detected!')).toBeInTheDocument();
    expect(screen.getByText('Half-price cocktail')).toBeInTheDocument();
    expect(screen.getByText('Percentage')).toBeInTheDocument();
    expect(screen.getByText('50% off')).toBeInTheDocument();
    // Of the member, the first name and tier: what the door sees.
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(screen.getByText('Silver')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.checkAtDoor)).toEqual([
      { url: routes.checkAtDoor.path, body: { text: JSON.stringify(code), method: 'scan' } },
    ]);

    await view.user.click(screen.getByRole('button', { name: 'Redeem Coupon' }));
    expect(await screen.findByText('Coupon Redeemed!')).toBeInTheDocument();
    expect(screen.getByText('Redeemed: Half-price cocktail for Ann')).toBeInTheDocument();
    expect(view.onOpenChange).toHaveBeenCalledWith(false);
    expect(callsTo(fetchMock, routes.redeemAtDoor)[0]?.body).toEqual({ text: JSON.stringify(code), method: 'scan' });
  });

  it('offers Undo in the toast after a redemption, and undoes it', async () => {
    const camera = fakeCamera();
    const fetchMock = routeFetch({
      [at(routes.checkAtDoor)]: { status: 200, body: validAnswer },
      [at(routes.redeemAtDoor)]: { status: 200, body: redeemedAnswer },
      [at(routes.undoRedemption, { userCouponId: code.userCouponId })]: {
        status: 200,
        body: { success: true, message: 'Redemption of Half-price cocktail for Ann undone: the coupon can be used again' },
      },
    });
    // As in the admin, the dialog really closes after the redemption; the toast stays.
    function Harness() {
      const [open, setOpen] = useState(true);
      return <ScannerDialog open={open} onOpenChange={setOpen} startCamera={camera.start} />;
    }
    const view = renderWithApp(<Harness />);
    await screen.findByTestId('qr-camera');
    await camera.show(JSON.stringify(code));
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Coupon' }));
    expect(await screen.findByText('Coupon Redeemed!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, routes.undoRedemption, { userCouponId: code.userCouponId })).toHaveLength(0);

    // A plain click: jsdom lacks the pointer capture the toast's swipe handling asks for.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Redemption undone')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.undoRedemption, { userCouponId: code.userCouponId })).toHaveLength(1);
  });

  it('reports an invalid code with the server message and re-arms for the next scan', async () => {
    const camera = fakeCamera();
    const fetchMock = routeFetch({
      [at(routes.checkAtDoor)]: [
        { status: 200, body: usedAnswer },
        { status: 200, body: { ...usedAnswer, message: '' } },
        { status: 200, body: validAnswer },
      ],
    });
    renderScanner(camera.start);
    await screen.findByTestId('qr-camera');
    await camera.show(JSON.stringify(code));
    expect(await screen.findByText('Invalid QR Code')).toBeInTheDocument();
    expect(screen.getByText(ALREADY_REDEEMED)).toBeInTheDocument();
    // The same rejected code still in front of the camera is not re-sent at once.
    await camera.show(JSON.stringify(code));
    expect(callsTo(fetchMock, routes.checkAtDoor)).toHaveLength(1);
    await camera.show(JSON.stringify({ ...code, token: 'other' }));
    expect(await screen.findByText('This QR code is invalid or has already been redeemed.')).toBeInTheDocument();
    await camera.show(JSON.stringify({ ...code, token: 'third' }));
    expect(await screen.findByText('Valid Coupon Detected!')).toBeInTheDocument();
  });

  it("sends any text to the api, which says what it is not; says 'Scan Error' when the network fails", async () => {
    const camera = fakeCamera();
    const fetchMock = routeFetch({
      [at(routes.checkAtDoor)]: [
        { status: 200, body: { kind: 'unknown', ok: false, message: 'Not a Nocturne code', refusal: 'not_nocturne' } },
        new TypeError('Failed to fetch'),
      ],
    });
    renderScanner(camera.start);
    await screen.findByTestId('qr-camera');
    await camera.show('https://example.com/not-a-coupon');
    expect(await screen.findByText('Invalid QR Code')).toBeInTheDocument();
    expect(screen.getByText('Not a Nocturne code')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.checkAtDoor)[0]?.body).toEqual({ text: 'https://example.com/not-a-coupon', method: 'scan' });
    await camera.show(JSON.stringify(code));
    expect(await screen.findByText('Scan Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to process QR code')).toBeInTheDocument();
  });

  it('shows too many wrong typed codes in words, as any refusal', async () => {
    const camera = fakeCamera();
    routeFetch({
      [at(routes.checkAtDoor)]: {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many attempts. Please wait a little and try again.',
          retryAfter: 900,
        },
      },
    });
    const view = renderScanner(camera.start);
    await view.user.type(screen.getByLabelText('Short code (if the camera fails)', { exact: false }), 'K7QM-3XPD-2A9');
    await view.user.click(screen.getByRole('button', { name: 'Check Code' }));
    expect(await screen.findByText('Invalid QR Code')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait a little and try again.')).toBeInTheDocument();
  });

  it("shows a member card's coupons usable tonight and redeems the one chosen", async () => {
    const camera = fakeCamera();
    const card = JSON.stringify({ memberCardId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', token: 'card-token' });
    const fetchMock = routeFetch({
      [at(routes.checkAtDoor)]: {
        status: 200,
        body: {
          kind: 'card',
          ok: true,
          message: 'Welcome, Ann: visit recorded, +20 points',
          refusal: null,
          member,
          visit: { night: '2026-11-28', recorded: true, points: 20 },
          coupons: [coupon],
        },
      },
      [at(routes.redeemAtDoor)]: { status: 200, body: redeemedAnswer },
    });
    const view = renderScanner(camera.start);
    await screen.findByTestId('qr-camera');
    await camera.show(card);
    expect(await screen.findByText('Welcome, Ann: visit recorded, +20 points')).toBeInTheDocument();
    expect(screen.getByText('Ann · Silver')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem Coupon' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Redeem Half-price cocktail' }));
    expect(await screen.findByText('Coupon Redeemed!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.redeemAtDoor)[0]?.body).toEqual({
      text: card,
      method: 'scan',
      userCouponId: code.userCouponId,
    });
    expect(view.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Scan Another goes back to scanning; a refused redemption says why', async () => {
    const camera = fakeCamera();
    routeFetch({
      [at(routes.checkAtDoor)]: { status: 200, body: validAnswer },
      [at(routes.redeemAtDoor)]: [
        { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Already redeemed', success: false } },
        new TypeError('Failed to fetch'),
      ],
    });
    const view = renderScanner(camera.start);
    await screen.findByTestId('qr-camera');
    await camera.show(JSON.stringify(code));
    await view.user.click(await screen.findByRole('button', { name: 'Scan Another' }));
    expect(screen.queryByText('Valid Coupon Detected!')).not.toBeInTheDocument();

    await camera.show(JSON.stringify({ ...code, token: 'again' }));
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Coupon' }));
    expect(await screen.findByText('Redemption Failed')).toBeInTheDocument();
    expect(screen.getByText('Already redeemed')).toBeInTheDocument();
    expect(view.onOpenChange).not.toHaveBeenCalledWith(false);

    await camera.show(JSON.stringify({ ...code, token: 'once-more' }));
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Coupon' }));
    expect(await screen.findByText('Failed to redeem coupon')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('says Camera Error when the camera cannot open, and the manual entry still works', async () => {
    const start = jest.fn<StartCamera>(async () => {
      throw new Error('NotAllowedError');
    });
    routeFetch({ [at(routes.checkAtDoor)]: { status: 200, body: validAnswer } });
    const view = renderScanner(start);
    expect(await screen.findByText('Camera Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to access camera. Please check permissions.')).toBeInTheDocument();
    // Pasted, not typed key by key: a slow machine would otherwise outlast the Camera Error toast's
    // one-second announcement timer, whose update then lands outside act().
    await view.user.click(screen.getByLabelText('Short code (if the camera fails)', { exact: false }));
    await view.user.paste(JSON.stringify(code));
    await view.user.click(screen.getByRole('button', { name: 'Check Code' }));
    expect(await screen.findByText('Valid Coupon Detected!')).toBeInTheDocument();
  });

  it('stops the camera when the scanner closes', async () => {
    const camera = fakeCamera();
    routeFetch({});
    const view = renderScanner(camera.start);
    await screen.findByTestId('qr-camera');
    await act(async () => undefined);
    view.unmount();
    await act(async () => undefined);
    expect(camera.stop).toHaveBeenCalled();
  });

  it('sends the short code as typed (any case, spaces, hyphens), marked as typed', async () => {
    const camera = fakeCamera();
    const fetchMock = routeFetch({
      [at(routes.checkAtDoor)]: { status: 200, body: validAnswer },
      [at(routes.redeemAtDoor)]: { status: 200, body: redeemedAnswer },
    });
    const view = renderScanner(camera.start);
    await view.user.type(screen.getByLabelText('Short code (if the camera fails)', { exact: false }), ' k7qm 3xpd-2a9 ');
    await view.user.click(screen.getByRole('button', { name: 'Check Code' }));
    expect(await screen.findByText('Valid Coupon Detected!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.checkAtDoor)[0]?.body).toEqual({ text: 'k7qm 3xpd-2a9', method: 'typed' });
    await view.user.click(screen.getByRole('button', { name: 'Redeem Coupon' }));
    expect(await screen.findByText('Coupon Redeemed!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.redeemAtDoor)[0]?.body).toEqual({ text: 'k7qm 3xpd-2a9', method: 'typed' });
  });

  it('a refused code turns the camera frame red and buzzes; a valid one green', async () => {
    const vibrate = jest.fn((_pattern: number | number[]) => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const camera = fakeCamera();
    routeFetch({
      [at(routes.checkAtDoor)]: [
        { status: 200, body: usedAnswer },
        { status: 200, body: validAnswer },
      ],
    });
    const view = renderScanner(camera.start);
    await screen.findByTestId('qr-camera');
    await camera.show(JSON.stringify(code));
    expect(await screen.findByText('Invalid QR Code')).toBeInTheDocument();
    expect(screen.getByTestId('qr-camera')).toHaveAttribute('data-outcome', 'refused');
    expect(vibrate).toHaveBeenLastCalledWith([80, 60, 80, 60, 80]);
    await camera.show(JSON.stringify({ ...code, token: 'next' }));
    expect(await screen.findByText('Valid Coupon Detected!')).toBeInTheDocument();
    expect(vibrate).toHaveBeenLastCalledWith(120);
    await view.user.click(screen.getByRole('button', { name: 'Scan Another' }));
    expect(screen.getByTestId('qr-camera')).toHaveAttribute('data-outcome', '');
  });

  // Escape goes through the same onOpenChange(false) (Radix); the e2e presses it in a real browser.
  it('the close button closes the scanner and stops the camera', async () => {
    const camera = fakeCamera();
    routeFetch({});
    const onOpenChange = jest.fn();
    function Harness() {
      const [open, setOpen] = useState(true);
      const change = (next: boolean) => {
        onOpenChange(next);
        setOpen(next);
      };
      return <ScannerDialog open={open} onOpenChange={change} startCamera={camera.start} />;
    }
    const view = renderWithApp(<Harness />);
    await screen.findByTestId('qr-camera');
    await act(async () => undefined);
    expect(camera.stop).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await act(async () => undefined);
    expect(screen.queryByTestId('qr-camera')).not.toBeInTheDocument();
    expect(camera.stop).toHaveBeenCalled();
  });

  it('offers the torch and a camera picker when the camera has them; picking one restarts on it', async () => {
    const setTorch = jest.fn(async (_on: boolean) => undefined);
    const stop = jest.fn(async () => undefined);
    const start = jest.fn<StartCamera>(async (_id, _onDecoded, options) => {
      const controls: CameraControls = {
        setTorch,
        cameras: [
          { deviceId: 'rear', label: 'Back camera' },
          { deviceId: 'front', label: 'Front camera' },
        ],
        deviceId: options?.deviceId ?? 'rear',
      };
      options?.onControls?.(controls);
      return stop;
    });
    routeFetch({});
    const view = renderScanner(start);
    await view.user.click(await screen.findByRole('button', { name: 'Torch On' }));
    expect(setTorch).toHaveBeenCalledWith(true);
    expect(await screen.findByRole('button', { name: 'Torch Off' })).toHaveAttribute('aria-pressed', 'true');
    const picker = screen.getByRole('combobox', { name: 'Camera' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Back camera', 'Front camera']);
    await view.user.selectOptions(picker, 'front');
    await act(async () => undefined);
    expect(start).toHaveBeenCalledTimes(2);
    expect(start.mock.calls[1]?.[2]?.deviceId).toBe('front');
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
