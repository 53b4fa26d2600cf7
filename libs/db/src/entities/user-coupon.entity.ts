import { defineEntity, p } from '@mikro-orm/core';
import { REDEEMED_BY } from '@nocturne/domain';
import { Coupon } from './coupon.entity.js';
import { Member } from './member.entity.js';
import { Venue } from './venue.entity.js';

export { REDEEMED_BY, type RedeemedBy } from '@nocturne/domain';

/**
 * A coupon a member has claimed. Redeemed at most once (a conditional update on redeemedAt decides
 * between the member and staff). Its QR token is not stored: it is an HMAC of the id with
 * QR_SECRET, recomputed when needed. Its short code (also HMAC-derived) is stored, because staff
 * type it and it must be found: null until the api first derives it (at claim, or the first time
 * the member's coupons are listed for rows older than the column).
 */
export const UserCoupon = defineEntity({
  name: 'UserCoupon',
  tableName: 'user_coupons',
  uniques: [{ name: 'user_coupons_short_code_unique', properties: ['shortCode'] }],
  indexes: [
    { name: 'user_coupons_member_claimed_idx', properties: ['member', 'claimedAt'] },
    { name: 'user_coupons_coupon_member_idx', properties: ['coupon', 'member'] },
    // The admin overview counts claims and redemptions per club night, and tonight's door data
    // reads who claimed lately, from user_coupons_claimed_at_idx and user_coupons_redeemed_at_idx:
    // covering indexes, written in Migration20261130080000_CoveringIndexes (entities cannot say INCLUDE).
  ],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    coupon: () => p.manyToOne(Coupon).deleteRule('restrict'),
    claimedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    redeemedAt: p.datetime().columnType('timestamptz').nullable(),
    redeemedBy: p.enum(REDEEMED_BY).nullable(),
    validatedAt: p.datetime().columnType('timestamptz').nullable(),
    /** The admin whose session validated the coupon at the door (never the client's claim). */
    validatedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    /** 11 Crockford base32 characters, upper case, no hyphens (shown grouped as K7QM-3XPD-2A9). */
    shortCode: p.string().length(11).nullable(),
    /** The venue it was redeemed at, while it is redeemed (null: not redeemed). */
    redeemedVenue: () => p.manyToOne(Venue).deleteRule('restrict').nullable(),
  },
});
