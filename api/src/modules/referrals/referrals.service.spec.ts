import { isReferralCode } from '@nocturne/domain';
import { newReferralCode } from './referrals.service.js';

describe('newReferralCode', () => {
  it('makes codes the invite link accepts (10 characters, no look-alikes), different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newReferralCode()));
    for (const code of codes) expect(isReferralCode(code)).toBe(true);
    expect(codes.size).toBe(200);
  });
});
