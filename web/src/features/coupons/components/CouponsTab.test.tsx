import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import * as routes from '@nocturne/contracts/routes';
import { tierRefusalWords } from '@nocturne/domain';
import { aCouponDetails, aMember, anAvailableCoupon, aUserCoupon } from '@/testing/fixtures';
import { queryKeys } from '@/lib/query-keys';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { CouponsTab } from './CouponsTab';

const renderTab = (points = 50) => renderWithApp(<CouponsTab user={aMember({ currentPoints: points })} />);

describe('coupons tab', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('lists coupons with cost or Free, and gives the reason when one cannot be claimed', async () => {
    routeFetch({
      [at(routes.listCoupons)]: {
        status: 200,
        body: [
          anAvailableCoupon(),
          anAvailableCoupon({
            id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
            code: 'VIP',
            title: 'VIP upgrade',
            pointsCost: 0,
            type: 'vip_upgrade',
            value: null,
            claimable: false,
            reason: tierRefusalWords('gold').reason,
          }),
          anAvailableCoupon({ id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', code: 'BIG', title: 'Big spender', pointsCost: 500 }),
        ],
      },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [], nextCursor: null } },
    });
    renderTab(50);
    const list = await screen.findByRole('list', { name: 'Available coupons' });
    expect(screen.getByRole('heading', { name: 'Available Coupons' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Coupons' })).toBeInTheDocument();
    const [drink, vip, big] = within(list).getAllByRole('listitem');
    // Each says what it gives, with its unit (PRODUCT.md §2.5).
    expect(within(drink!).getByText('50% off')).toBeInTheDocument();
    expect(within(vip!).getByText('VIP upgrade', { selector: 'p' })).toBeInTheDocument();
    expect(within(drink!).getByText('40 points')).toBeInTheDocument();
    expect(within(drink!).getByText('DRINK50')).toBeInTheDocument();
    expect(within(drink!).getByRole('button', { name: 'Claim' })).toBeEnabled();
    expect(within(vip!).getByText('Free')).toBeInTheDocument();
    expect(within(vip!).getByRole('button', { name: 'Claim' })).toBeDisabled();
    expect(within(vip!).getByText('Requires Gold tier')).toBeInTheDocument();
    // Disabled while the cost is above the current points.
    expect(within(big!).getByRole('button', { name: 'Claim' })).toBeDisabled();
    expect(within(big!).getByText('You need 450 more points')).toBeInTheDocument();
    expect(await screen.findByText('You have not claimed any coupons yet.')).toBeInTheDocument();
  });

  it('claims a free coupon in one tap: Claiming..., the success toast, then My Coupons refreshes', async () => {
    let release: () => void = () => undefined;
    const fetchMock = routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [anAvailableCoupon({ pointsCost: 0 })] },
      [at(routes.listMyCoupons)]: [
        { status: 200, body: { coupons: [], nextCursor: null } },
        { status: 200, body: { coupons: [aUserCoupon()], nextCursor: null } },
      ],
      [at(routes.claimCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })]: () =>
        new Promise((resolve) => (release = () => resolve({ status: 201, body: aUserCoupon() }))),
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Claiming...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Coupon claimed!')).toBeInTheDocument();
    expect(screen.getByText('Check your My Coupons tab to use it.')).toBeInTheDocument();
    const mine = await screen.findByRole('list', { name: 'My coupons' });
    expect(within(mine).getByText('50% off')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.listMyCoupons)).toHaveLength(2);
  });

  it("shows the server's reason when a claim is refused, or 'Failed to claim coupon.'", async () => {
    routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [anAvailableCoupon({ pointsCost: 0 })] },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [], nextCursor: null } },
      [at(routes.claimCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })]: [
        { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This coupon has run out' } },
        new TypeError('Failed to fetch'),
      ],
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('This coupon has run out')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Failed to claim coupon.')).toBeInTheDocument();
  });

  it('shows the first page of My Coupons and the next on "Show more coupons", until the last', async () => {
    const held = (n: number, redeemed = false) =>
      aUserCoupon({
        id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`,
        coupon: aCouponDetails({ title: `Coupon ${n}` }),
        ...(redeemed ? { redeemedAt: '2026-11-21T11:00:00.000Z', redeemedBy: 'member' as const } : {}),
      });
    const fetchMock = routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: (_body, url) =>
        new URL(url, 'http://x').searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { coupons: [held(3, true)], nextCursor: null } }
          : { status: 200, body: { coupons: [held(1), held(2)], nextCursor: 'page-2' } },
    });
    const view = renderTab();
    const list = await screen.findByRole('list', { name: 'My coupons' });
    await waitFor(() => expect(within(list).getAllByRole('listitem', { name: /^Coupon/ })).toHaveLength(2));
    await view.user.click(screen.getByRole('button', { name: 'Show more coupons' }));
    expect(await within(list).findByRole('listitem', { name: 'Coupon 3' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem', { name: /^Coupon/ })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Coupon 1', 'Coupon 2', 'Coupon 3']);
    expect(screen.queryByRole('button', { name: 'Show more coupons' })).not.toBeInTheDocument();
    const asked = callsTo(fetchMock, routes.listMyCoupons).map(({ url }) => new URL(url, 'http://x').searchParams);
    expect(asked[0]?.get('limit')).toBe('50');
    expect(asked[0]?.has('cursor')).toBe(false);
    expect(asked[1]?.get('cursor')).toBe('page-2');
  });

  it("shows when a coupon was claimed and redeemed on the venue's clocks (the api's zone), not the browser's", async () => {
    routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: {
        status: 200,
        body: {
          coupons: [aUserCoupon({ claimedAt: '2026-11-21T10:00:00.000Z', redeemedAt: '2026-11-21T14:30:00.000Z' })],
          nextCursor: null,
        },
      },
      ...venueZone('Australia/Sydney'),
    });
    renderTab();
    // Sydney is UTC+11 in November: 10:00 UTC is 21:00, 14:30 UTC is 01:30 the next morning.
    expect(await screen.findByText(/^Sat 21 Nov( 2026)?, 21:00$/)).toBeInTheDocument();
    expect(screen.getByText(/^Sun 22 Nov( 2026)?, 01:30$/)).toBeInTheDocument();
  });

  it('draws the QR dark on light with a 4-module quiet zone, holding {"userCouponId","token"}, and the short code under it', async () => {
    routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: {
        status: 200,
        body: { coupons: [aUserCoupon({ coupon: aCouponDetails({ type: 'fixed_amount', value: 20 }) })], nextCursor: null },
      },
    });
    renderTab();
    expect(await screen.findByText('$20 off')).toBeInTheDocument();
    expect(screen.getByText('Show this at the door')).toBeInTheDocument();
    const qr = await screen.findByTestId('coupon-qr');
    expect(qr).toHaveAttribute('width', '240');
    const png = PNG.sync.read(Buffer.from((qr.getAttribute('src') ?? '').split(',')[1] ?? '', 'base64'));
    expect(png.width).toBe(240);
    const pixel = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    // The top-left finder pattern's first dark module: the first non-white pixel along the diagonal.
    let edge = 0;
    while (edge < png.width && pixel(edge, edge)[0] === 255) edge += 1;
    expect(pixel(0, 0)).toEqual([255, 255, 255]);
    expect(pixel(edge, edge)).toEqual([0, 0, 0]);
    // The finder pattern is 7 modules wide and dark along its top edge: its width gives the module size.
    let finder = edge;
    while (pixel(finder, edge)[0] === 0) finder += 1;
    const module = (finder - edge) / 7;
    expect(edge / module).toBeGreaterThanOrEqual(4 - 0.5);
    // Read as a plain (non-inverting) decoder reads it.
    const data = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'dontInvert' })?.data;
    expect(JSON.parse(data ?? 'null')).toEqual({ userCouponId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', token: 'token-123' });
    expect(screen.getByTestId('coupon-short-code')).toHaveTextContent('K7QM-3XPD-2A9');
    // One code for the door: the coupon's template code is not shown as something to hand staff.
    const item = screen.getByRole('listitem', { name: aCouponDetails().title });
    expect(within(item).queryByText(aCouponDetails().code, { exact: false })).not.toBeInTheDocument();
  });

  it("says 'QR code not available' when a coupon has no token", async () => {
    routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [aUserCoupon({ qrCode: '' })], nextCursor: null } },
    });
    renderTab();
    expect(await screen.findByText('QR code not available')).toBeInTheDocument();
  });

  it('redeems: Redeeming..., the toast, then the Redeemed badge replaces the button and code', async () => {
    let release: () => void = () => undefined;
    routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: [
        { status: 200, body: { coupons: [aUserCoupon()], nextCursor: null } },
        {
          status: 200,
          body: { coupons: [aUserCoupon({ redeemedAt: '2026-11-21T11:00:00.000Z', redeemedBy: 'member' })], nextCursor: null },
        },
      ],
      [at(routes.redeemMyCoupon, { userCouponId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' })]: () =>
        new Promise((resolve) => (release = () => resolve({ status: 200, body: { success: true, message: 'Redeemed' } }))),
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Redeem this coupon?' });
    expect(confirm).toHaveTextContent('Staff at the door will see it as redeemed');
    await view.user.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('button', { name: 'Redeeming...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Coupon redeemed!')).toBeInTheDocument();
    expect(screen.getByText('Enjoy your reward!')).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'Half-price cocktail' });
    await waitFor(() => expect(within(item).getByText('Redeemed')).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: 'Redeem Now' })).not.toBeInTheDocument();
    expect(within(item).queryByTestId('coupon-qr')).not.toBeInTheDocument();
  });

  it("says 'Failed to redeem coupon.' when redeeming fails, and the fetch failures", async () => {
    routeFetch({
      [at(routes.listCoupons)]: { status: 500, body: {} },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [aUserCoupon()], nextCursor: null } },
      [at(routes.redeemMyCoupon, { userCouponId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' })]: { status: 500, body: {} },
    });
    const view = renderTab();
    expect(await screen.findByText('Failed to fetch coupons')).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Now' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Failed to redeem coupon.')).toBeInTheDocument();
  });

  it('Cancel in the confirmation leaves the coupon untouched', async () => {
    const fetchMock = routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [] },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [aUserCoupon()], nextCursor: null } },
    });
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Now' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Redeem Now' })).toBeEnabled();
    expect(screen.getByTestId('coupon-qr')).toBeInTheDocument();
  });

  it("says 'Failed to fetch user coupons' when My Coupons cannot load", async () => {
    routeFetch({ [at(routes.listCoupons)]: { status: 200, body: [] }, [at(routes.listMyCoupons)]: new TypeError('offline') });
    renderTab();
    expect(await screen.findByText('Failed to fetch user coupons')).toBeInTheDocument();
  });

  it('a paid claim asks first, with the cost and the balance after; Claim in the dialog spends them', async () => {
    const fetchMock = routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [anAvailableCoupon({ pointsCost: 150 })] },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [], nextCursor: null } },
      [at(routes.claimCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })]: { status: 201, body: aUserCoupon() },
    });
    const view = renderTab(380);
    await view.user.click(await screen.findByRole('button', { name: 'Claim' }));
    const ask = await screen.findByRole('dialog', { name: 'Claim for 150 points?' });
    expect(ask).toHaveTextContent("You'll have 230 left.");
    expect(callsTo(fetchMock, routes.claimCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })).toHaveLength(0);
    await view.user.click(within(ask).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Coupon claimed!')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.claimCoupon, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })).toHaveLength(1);
  });

  it('Cancel in the paid claim question spends nothing', async () => {
    const fetchMock = routeFetch({
      [at(routes.listCoupons)]: { status: 200, body: [anAvailableCoupon({ pointsCost: 150 })] },
      [at(routes.listMyCoupons)]: { status: 200, body: { coupons: [], nextCursor: null } },
    });
    const view = renderTab(380);
    await view.user.click(await screen.findByRole('button', { name: 'Claim' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled();
  });

  it("shows each coupon's use-by on the venue's clocks, or No expiry, on Coupons and My Coupons", async () => {
    routeFetch({
      [at(routes.listCoupons)]: {
        status: 200,
        body: [
          // 17:00 UTC on 29 November is 04:00 on the 30th in Sydney (UTC+11).
          anAvailableCoupon({ title: 'Late one', validUntil: '2026-11-29T17:00:00.000Z' }),
          anAvailableCoupon({ id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', title: 'Forever', validUntil: null }),
        ],
      },
      [at(routes.listMyCoupons)]: {
        status: 200,
        body: {
          coupons: [aUserCoupon({ coupon: aCouponDetails({ validUntil: '2026-11-29T17:00:00.000Z' }) })],
          nextCursor: null,
        },
      },
      ...venueZone('Australia/Sydney'),
    });
    renderTab();
    const offered = await screen.findByRole('list', { name: 'Available coupons' });
    const [late, forever] = within(offered).getAllByRole('listitem');
    expect(await within(late!).findByText(/^Use by Mon 30 Nov( 2026)?, 04:00$/)).toBeInTheDocument();
    expect(within(forever!).getByText('No expiry')).toBeInTheDocument();
    const held = await screen.findByRole('listitem', { name: aCouponDetails().title });
    expect(within(held).getByText(/^Use by Mon 30 Nov( 2026)?, 04:00$/)).toBeInTheDocument();
  });

  it("offline, shows the saved lists under 'Offline: updated HH:MM' and says claiming and redeeming need a connection", async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const fetchMock = routeFetch({
        [at(routes.listCoupons)]: new TypeError('Failed to fetch'),
        [at(routes.listMyCoupons)]: new TypeError('Failed to fetch'),
        [at(routes.getVenue)]: new TypeError('Failed to fetch'),
      });
      const view = renderWithApp(<CouponsTab user={aMember({ currentPoints: 500 })} />);
      // The device's saved copy (lib/offline-cache restores it so): 10:00 UTC is 21:00 in Sydney.
      const savedAt = Date.parse('2026-11-21T10:00:00.000Z');
      view.queryClient.setQueryData(['venue'], { timeZone: 'Australia/Sydney' }, { updatedAt: savedAt });
      view.queryClient.setQueryData(['coupons'], [anAvailableCoupon({ pointsCost: 0, validUntil: null })], {
        updatedAt: savedAt,
      });
      view.queryClient.setQueryData(
        queryKeys.myCoupons,
        {
          pages: [
            { coupons: [aUserCoupon({ coupon: aCouponDetails({ validUntil: '2026-11-29T17:00:00.000Z' }) })], nextCursor: null },
          ],
          pageParams: [null],
        },
        { updatedAt: savedAt },
      );
      expect(await screen.findByText(/^Offline: updated Sat 21 Nov( 2026)?, 21:00$/)).toBeInTheDocument();
      expect(screen.queryByText('Failed to fetch coupons')).not.toBeInTheDocument();
      expect(await screen.findByTestId('coupon-qr')).toBeInTheDocument();
      expect(screen.getByTestId('coupon-short-code')).toHaveTextContent('K7QM-3XPD-2A9');
      expect(screen.getByText('No expiry')).toBeInTheDocument();
      // The saved dates show in venue time.
      expect(screen.getByText(/^Use by Mon 30 Nov( 2026)?, 04:00$/)).toBeInTheDocument();
      expect(screen.getByText(/^Sat 21 Nov( 2026)?, 21:00$/)).toBeInTheDocument();
      // What needs the server says so when tapped, and sends nothing.
      await view.user.click(screen.getByRole('button', { name: 'Claim' }));
      expect(await screen.findByText("You're offline: claiming needs a connection")).toBeInTheDocument();
      await view.user.click(screen.getByRole('button', { name: 'Redeem Now' }));
      expect(await screen.findByText("You're offline: redeeming needs a connection")).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
  });
});
