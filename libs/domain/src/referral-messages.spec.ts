import { birthdayMailText, referralDisplayName, referredRewardDescription, referrerRewardDescription } from './messages.js';

describe('referral and birthday wording', () => {
  it('shows a referred person as first name and last initial, or the first name alone', () => {
    expect(referralDisplayName('Jordan', 'blake')).toBe('Jordan B.');
    expect(referralDisplayName('Jordan', ' ')).toBe('Jordan');
    expect(referralDisplayName('Jordan', null)).toBe('Jordan');
  });

  it('names both sides of a paid invite in the point history', () => {
    expect(referrerRewardDescription('Jordan B.')).toBe('Invite: Jordan B. joined');
    expect(referredRewardDescription('Ana')).toBe("Joined through Ana's invite");
  });

  it('says whose birthday, which coupon and where it is', () => {
    const text = birthdayMailText('Alex', 'Birthday drink', 'https://club.example/member-dashboard?tab=coupons');
    expect(text).toMatch(/^Hi Alex,/);
    expect(text).toContain('"Birthday drink" is waiting in My Coupons');
    expect(text).toContain('https://club.example/member-dashboard?tab=coupons');
  });
});
