import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { aCouponDetails, aMember, anAvailableCoupon, aNewsPost, aUserCoupon } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import MemberDashboardRoute from './member-dashboard';

// One online visit, then no signal: every members' tab is drawn from the copy saved on the device
// (lib/offline-cache, restored by the session gate), dates in the venue's saved zone, under
// "Offline: updated HH:MM"; what needs the server says so when tapped.

const member = aMember({ currentPoints: 500 });
const card = {
  firstName: 'Ann',
  lastName: 'Lee',
  tier: 'gold',
  memberSince: '2025-03-14T22:30:00.000Z',
  qrPayload: JSON.stringify({ memberCardId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', token: 'card-token' }),
  shortCode: 'M3RC-4RDX-7QZ',
};
const history = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    description: 'Commented on a post',
    points: 5,
    createdAt: '2026-11-21T10:00:00.000Z',
  },
];
const useBy = '2026-11-29T17:00:00.000Z'; // 04:00 on Mon 30 Nov in Sydney

const online = () =>
  routeFetch({
    ...venueZone('Australia/Sydney'),
    [at(routes.getMe)]: { status: 200, body: member },
    [at(routes.listNews)]: { status: 200, body: { posts: [aNewsPost({ likeCount: 2 })], nextCursor: null } },
    [at(routes.listCoupons)]: { status: 200, body: [anAvailableCoupon({ pointsCost: 0, validUntil: useBy })] },
    [at(routes.listMyCoupons)]: {
      status: 200,
      body: { coupons: [aUserCoupon({ coupon: aCouponDetails({ validUntil: useBy }) })], nextCursor: null },
    },
    [at(routes.listPointHistory)]: { status: 200, body: history },
    [at(routes.getMyCard)]: { status: 200, body: card },
  });

const renderArea = () => renderWithApp(<MemberDashboardRoute />, { path: '/member-dashboard' });

/** "21:00": a saved answer's time on the venue's clocks (it was saved today). */
const venueClock = (instant: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );

describe('members area with no signal, after one online visit', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(member);
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('shows every tab from the saved copy with its dates, and says what needs a connection', async () => {
    online();
    const first = renderArea();
    expect(await screen.findByText('Friday Night Lights')).toBeInTheDocument();
    await first.user.click(screen.getByRole('tab', { name: 'Coupons' }));
    expect(await screen.findByTestId('coupon-qr')).toBeInTheDocument();
    await first.user.click(screen.getByRole('tab', { name: 'My card' }));
    expect(await screen.findByTestId('card-qr')).toBeInTheDocument();
    await first.user.click(screen.getByRole('tab', { name: 'Points' }));
    expect(await screen.findByText('Commented on a post')).toBeInTheDocument();
    const visitedAt = Date.now();
    first.unmount();

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const fetchMock = routeFetch({});
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const view = renderArea();
    const note = `Offline: updated ${venueClock(visitedAt)}`;

    // News Feed: the saved posts, their day, and a like says it needs a connection.
    expect(await screen.findByText('Friday Night Lights')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch news')).not.toBeInTheDocument();
    expect(screen.getByTestId('offline-note')).toHaveTextContent(/^Offline: updated \d\d:\d\d$/);
    expect(screen.getByText(/^Fri 20 Nov( 2026)?$/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Like, 2 likes' }));
    expect(await screen.findByText("You're offline: liking needs a connection")).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'View & Comment' }));
    await view.user.type(await screen.findByLabelText('Your comment'), 'See you there');
    await view.user.click(screen.getByRole('button', { name: /Post/ }));
    expect(await screen.findByText("You're offline: commenting needs a connection")).toBeInTheDocument();

    // Coupons and My Coupons: both lists, their use-by in venue time, the QR and short code.
    await view.user.click(screen.getByRole('tab', { name: 'Coupons' }));
    expect(await screen.findByTestId('coupon-qr')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch coupons')).not.toBeInTheDocument();
    const offered = screen.getByRole('list', { name: 'Available coupons' });
    expect(within(offered).getByText(/^Use by Mon 30 Nov( 2026)?, 04:00$/)).toBeInTheDocument();
    const held = screen.getByRole('list', { name: 'My coupons' });
    expect(within(held).getByText(/^Use by Mon 30 Nov( 2026)?, 04:00$/)).toBeInTheDocument();
    expect(within(held).getByText(/^Sat 21 Nov( 2026)?, 21:00$/)).toBeInTheDocument();
    expect(screen.getByTestId('coupon-short-code')).toHaveTextContent('K7QM-3XPD-2A9');
    expect(screen.getByTestId('offline-note')).toHaveTextContent(/^Offline: updated \d\d:\d\d$/);
    await view.user.click(within(offered).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText("You're offline: claiming needs a connection")).toBeInTheDocument();

    // My card: name, tier, member since (venue day), QR and short code.
    await view.user.click(screen.getByRole('tab', { name: 'My card' }));
    expect(await screen.findByTestId('card-short-code')).toHaveTextContent('M3RC-4RDX-7QZ');
    expect(screen.getByText('Sat 15 Mar 2025')).toBeInTheDocument();
    expect(screen.getByTestId('offline-note')).toHaveTextContent(/^Offline: updated \d\d:\d\d$/);

    // Points: the summary and the saved history with its venue time.
    await view.user.click(screen.getByRole('tab', { name: 'Points' }));
    expect(await screen.findByText('Commented on a post')).toBeInTheDocument();
    expect(screen.getByText(/^Sat 21 Nov( 2026)?, 21:00$/)).toBeInTheDocument();
    expect(screen.getByTestId('offline-note')).toHaveTextContent(/^Offline: updated \d\d:\d\d$/);
    // The time is when the answers came (this test's online visit), on the venue's clocks; a minute's leeway.
    expect([note, `Offline: updated ${venueClock(visitedAt - 60_000)}`]).toContain(
      screen.getByTestId('offline-note').textContent,
    );

    expect(fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual([]);
  });
});
