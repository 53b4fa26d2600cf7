import { defineEntity, p } from '@mikro-orm/core';
import { Coupon } from './coupon.entity.js';
import { Member } from './member.entity.js';

export const REFERRAL_STATES = ['pending', 'earned', 'refused'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];
export const REFERRAL_REFUSAL_REASONS = ['self', 'monthly_cap'] as const;

/**
 * A member's invite code: given the first time the member asks for their invite link,
 * then theirs for good. One per member; the code is unique across members.
 */
export const ReferralCode = defineEntity({
  name: 'ReferralCode',
  tableName: 'referral_codes',
  uniques: [
    { name: 'referral_codes_member_unique', properties: ['member'] },
    { name: 'referral_codes_code_unique', properties: ['code'] },
  ],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    code: p.string().length(10),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/**
 * Someone who signed up through a member's invite link. One per referred member (the unique key):
 * pending until their first visit pays both (earned), or refused at sign-up (self-referral, or
 * the referrer's monthly cap reached).
 */
export const Referral = defineEntity({
  name: 'Referral',
  tableName: 'referrals',
  uniques: [{ name: 'referrals_referred_unique', properties: ['referred'] }],
  indexes: [{ name: 'referrals_referrer_created_idx', properties: ['referrer', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    referrer: () => p.manyToOne(Member).deleteRule('cascade'),
    referred: () => p.manyToOne(Member).deleteRule('cascade'),
    state: p.enum(REFERRAL_STATES),
    /** Why a refused referral earns nothing. */
    refusal: p.enum(REFERRAL_REFUSAL_REASONS).nullable(),
    /** What each of the two was paid when it earned. */
    points: p.integer().nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    earnedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

/**
 * The venue's membership settings a manager changes (one row, id 1): a null column means the
 * configured default (REFERRAL_POINTS, REFERRALS_PER_MONTH); the birthday coupon is the template
 * a member's birthday grant copies (none: no birthday grants).
 */
export const ClubSettings = defineEntity({
  name: 'ClubSettings',
  tableName: 'club_settings',
  properties: {
    id: p.smallint().primary(),
    referralPoints: p.integer().nullable(),
    referralsPerMonth: p.integer().nullable(),
    birthdayCoupon: () => p.manyToOne(Coupon).deleteRule('set null').nullable(),
    /** Minutes after which door mode's offline data is called old on every verdict; null: DOOR_DATA_STALE_MINUTES_DEFAULT. */
    doorDataStaleMinutes: p.integer().nullable(),
    /** How many visits a night pay visit points, across the group's venues; null: 1. */
    visitPointsPerNight: p.integer().nullable(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
  },
});

/**
 * A member's birthday coupon of a year (the birthday's year, birthdayWeekOf): the unique key makes
 * it once per member and year, however often and on however many workers the daily job runs.
 */
export const BirthdayGrant = defineEntity({
  name: 'BirthdayGrant',
  tableName: 'birthday_grants',
  uniques: [{ name: 'birthday_grants_member_year_unique', properties: ['member', 'year'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    year: p.integer(),
    /** The coupon it gave (null when the held coupon is gone). */
    userCouponId: p.uuid().nullable(),
    grantedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
