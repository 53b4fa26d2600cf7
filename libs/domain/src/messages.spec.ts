import { balanceAfterClaim, couponUseBy, offlineNeedsConnection, offlineUpdatedAt, paidClaimQuestion } from './messages.js';

describe('what members are told about the coupons they see', () => {
  it('says when a coupon must be used by, or that it never expires', () => {
    expect(couponUseBy('Sat 30 Nov, 04:00')).toBe('Use by Sat 30 Nov, 04:00');
    expect(couponUseBy(null)).toBe('No expiry');
  });

  it('asks before a paid claim, with the cost and the balance after', () => {
    expect(`${paidClaimQuestion(150)} ${balanceAfterClaim(230)}`).toBe("Claim for 150 points? You'll have 230 left.");
    expect(paidClaimQuestion(1)).toBe('Claim for 1 point?');
    expect(balanceAfterClaim(0)).toBe("You'll have 0 left.");
  });

  it('says what needs a connection, and how old the saved copy is', () => {
    expect(offlineNeedsConnection('claiming')).toBe("You're offline: claiming needs a connection");
    expect(offlineUpdatedAt('22:30')).toBe('Offline: updated 22:30');
  });
});
