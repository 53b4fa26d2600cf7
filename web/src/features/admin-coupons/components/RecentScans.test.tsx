import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { RecentScans } from './RecentScans';

const userCouponId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const scan = (overrides: Record<string, unknown>) => ({
  id: '1',
  at: new Date().toISOString(),
  adminId: null,
  adminName: 'Alex',
  userCouponId,
  scannedId: userCouponId,
  method: 'qr',
  action: 'redeem',
  result: 'accepted',
  reason: 'Redeemed Half-price cocktail for Ann',
  couponCode: 'DRINK50',
  memberName: 'Ann Lee',
  undoableUntil: null,
  ...overrides,
});

const page = (...scans: unknown[]) => ({ status: 200, body: { scans, nextCursor: null } });

describe('recent scans: undo a redemption', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('offers Undo only on redemptions still inside their undo window, and undoes on click', async () => {
    const fetchMock = routeFetch({
      'GET /api/admin/scans': page(
        scan({ id: '3', undoableUntil: inMinutes(10) }),
        scan({ id: '2', couponCode: 'ENTRY', undoableUntil: inMinutes(-1) }),
        scan({ id: '1', action: 'validate', reason: 'Valid coupon' }),
      ),
      [`POST /api/admin/redemptions/${userCouponId}/undo`]: {
        status: 200,
        body: { success: true, message: 'Redemption of Half-price cocktail for Ann undone: the coupon can be used again' },
      },
    });
    const view = renderWithApp(<RecentScans />);
    const list = await screen.findByRole('list', { name: 'Recent scans' });
    const buttons = within(list).getAllByRole('button', { name: /^Undo redemption/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Undo redemption of DRINK50']);

    await view.user.click(buttons[0]!);
    expect(await screen.findByText('Redemption undone')).toBeInTheDocument();
    expect(screen.getByText('Redemption of Half-price cocktail for Ann undone: the coupon can be used again')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/admin/redemptions/${userCouponId}/undo`)).toHaveLength(1);
  });

  it("shows the server's refusal when the window has closed meanwhile", async () => {
    routeFetch({
      'GET /api/admin/scans': page(scan({ undoableUntil: inMinutes(1) })),
      [`POST /api/admin/redemptions/${userCouponId}/undo`]: {
        status: 409,
        body: { success: false, message: 'A redemption can only be undone within 15 minutes' },
      },
    });
    const view = renderWithApp(<RecentScans />);
    await view.user.click(await screen.findByRole('button', { name: 'Undo redemption of DRINK50' }));
    expect(await screen.findByText('Undo Failed')).toBeInTheDocument();
    expect(screen.getByText('A redemption can only be undone within 15 minutes')).toBeInTheDocument();
  });

  it('labels undo lines in the log', async () => {
    routeFetch({ 'GET /api/admin/scans': page(scan({ action: 'undo', reason: 'Redemption undone' })) });
    renderWithApp(<RecentScans />);
    const list = await screen.findByRole('list', { name: 'Recent scans' });
    expect(within(list).getByText('Undo')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).toBeNull();
  });
});
