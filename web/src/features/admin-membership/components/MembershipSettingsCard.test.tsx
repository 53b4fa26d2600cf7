import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import * as routes from '@nocturne/contracts/routes';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { MembershipSettingsCard } from './MembershipSettingsCard';

const COUPON = '11111111-1111-4111-8111-111111111111';

describe('MembershipSettingsCard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows the settings and saves the points, the monthly limit and the birthday coupon picked', async () => {
    const fetchMock = routeFetch({
      [at(routes.getMembershipSettings)]: {
        status: 200,
        body: { referralPoints: 50, referralsPerMonth: 5, birthdayCouponId: null },
      },
      [at(routes.listAdminCoupons)]: { status: 200, body: [{ id: COUPON, title: 'Birthday drink' }] },
      [at(routes.updateMembershipSettings)]: {
        status: 200,
        body: { referralPoints: 75, referralsPerMonth: 3, birthdayCouponId: COUPON },
      },
    });
    const view = renderWithApp(<MembershipSettingsCard />);
    const points = await screen.findByLabelText(/Points per invite/);
    expect(points).toHaveValue(50);
    await view.user.clear(points);
    await view.user.type(points, '75');
    const limit = screen.getByLabelText(/Invites per member per month/);
    await view.user.clear(limit);
    await view.user.type(limit, '3');
    await screen.findByRole('option', { name: 'Birthday drink' });
    await view.user.selectOptions(screen.getByLabelText('Birthday coupon'), COUPON);
    await view.user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(callsTo(fetchMock, routes.updateMembershipSettings)[0]?.body).toEqual({
      referralPoints: 75,
      referralsPerMonth: 3,
      birthdayCouponId: COUPON,
    });
  });
});
