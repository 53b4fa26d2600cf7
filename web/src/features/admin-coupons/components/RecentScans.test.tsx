import { beforeEach, describe, expect, it } from '@jest/globals';
import type { QrScanEntry } from '@nocturne/contracts';
import { screen, within } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { aScan, USER_COUPON_ID } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { RecentScans } from './RecentScans';

const userCouponId = USER_COUPON_ID;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const page = (...scans: QrScanEntry[]) => ({ status: 200, body: { scans, nextCursor: null } });

describe('recent scans: undo a redemption', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('offers Undo only on redemptions still inside their undo window, and undoes on click', async () => {
    const fetchMock = routeFetch({
      [at(routes.listScans)]: page(
        aScan({ id: '3', undoableUntil: inMinutes(10) }),
        aScan({ id: '2', couponCode: 'ENTRY', undoableUntil: inMinutes(-1) }),
        aScan({ id: '1', action: 'validate', reason: 'Valid coupon' }),
      ),
      [at(routes.undoRedemption, { userCouponId: userCouponId })]: {
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
    expect(
      screen.getByText('Redemption of Half-price cocktail for Ann undone: the coupon can be used again'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.undoRedemption, { userCouponId: userCouponId })).toHaveLength(1);
  });

  it("shows the server's refusal when the window has closed meanwhile", async () => {
    routeFetch({
      [at(routes.listScans)]: page(aScan({ undoableUntil: inMinutes(1) })),
      [at(routes.undoRedemption, { userCouponId: userCouponId })]: {
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
    routeFetch({ [at(routes.listScans)]: page(aScan({ action: 'undo', reason: 'Redemption undone' })) });
    renderWithApp(<RecentScans />);
    const list = await screen.findByRole('list', { name: 'Recent scans' });
    expect(within(list).getByText('Undo')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).toBeNull();
  });
});
