import { MANAGERS, SIGNED_IN, endpoint } from '../endpoint.js';
import { MembershipSettings, MyBirthday, MyReferrals, UpdateMembershipSettingsRequest } from '../referrals.js';

export const getMyReferrals = endpoint({
  method: 'GET',
  path: '/api/referrals',
  summary:
    "The member's invite link, and who joined through it: pending until their first visit, earned, or refused with the reason",
  access: SIGNED_IN,
  tags: ['referrals'],
  response: MyReferrals,
});

export const getMembershipSettings = endpoint({
  method: 'GET',
  path: '/api/admin/membership-settings',
  summary: 'Referral points, the monthly referral cap and the birthday coupon',
  access: MANAGERS,
  tags: ['referrals'],
  response: MembershipSettings,
});

export const updateMembershipSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/membership-settings',
  summary: 'Change referral points, the monthly referral cap and the birthday coupon',
  access: MANAGERS,
  tags: ['referrals'],
  body: UpdateMembershipSettingsRequest,
  response: MembershipSettings,
  errors: { 400: 'A value is out of range, or the birthday coupon does not exist' },
});

export const getMyBirthday = endpoint({
  method: 'GET',
  path: '/api/auth/me/birthday',
  summary: "The members area's birthday line: during the member's birthday week (venue time), once the birthday coupon is theirs",
  access: SIGNED_IN,
  tags: ['referrals'],
  response: MyBirthday,
});
