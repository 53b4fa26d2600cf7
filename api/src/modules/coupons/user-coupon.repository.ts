import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserCoupon } from '@nocturne/contracts';
import type { RedeemedBy } from '@nocturne/db';
import type { Tier } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '../../common/timestamps.js';
import { type CouponRow, couponDetailsFromRow } from './coupon-view.js';
import type { QrTokenService } from './qr-token.service.js';
import { formatShortCode } from './short-code.js';

export interface UserCouponRow {
  id: string;
  member_id: string;
  coupon_id: string;
  claimed_at: Date | string;
  redeemed_at: Date | string | null;
  redeemed_by: RedeemedBy | null;
  validated_at: Date | string | null;
  /** Null until ShortCodeService first stores it. */
  short_code: string | null;
  first_name: string;
  last_name: string | null;
  member_tier: Tier;
  /** The coupon row as JSON, so its columns never clash with the user coupon's. */
  coupon: CouponRow;
}

const SELECT_USER_COUPON = `
  select uc.id, uc.member_id, uc.coupon_id, uc.claimed_at, uc.redeemed_at, uc.redeemed_by, uc.validated_at, uc.short_code,
         m.first_name, m.last_name, m.member_tier, to_jsonb(c) as coupon
    from user_coupons uc
    join coupons c on c.id = uc.coupon_id
    join members m on m.id = uc.member_id`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One user coupon with its coupon and holder. `memberId` restricts it to its owner (anyone
 * else's is "not found"); `lock` takes its row lock so concurrent redemptions queue.
 */
export async function findUserCoupon(
  em: EntityManager,
  id: string,
  options: { memberId?: string; lock?: boolean } = {},
): Promise<UserCouponRow | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const owner = options.memberId ? ' and uc.member_id = ?' : '';
  const params = options.memberId ? [id, options.memberId] : [id];
  const rows = await em.execute<UserCouponRow[]>(`${SELECT_USER_COUPON} where uc.id = ?${owner}${options.lock ? ' for update of uc' : ''}`, params);
  return rows[0];
}

/** The user coupon holding a short code (stored form), found through its unique index. */
export async function findUserCouponByShortCode(em: EntityManager, code: string, options: { lock?: boolean } = {}): Promise<UserCouponRow | undefined> {
  const rows = await em.execute<UserCouponRow[]>(`${SELECT_USER_COUPON} where uc.short_code = ?${options.lock ? ' for update of uc' : ''}`, [code]);
  return rows[0];
}

/**
 * Stores `code` as the user coupon's short code if it still holds `replacing` (null or a stale
 * code); answers whether it did. The unique index refuses a code another user coupon holds.
 */
export async function storeShortCode(em: EntityManager, id: string, code: string, replacing: string | null): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>('update user_coupons set short_code = ? where id = ? and short_code is not distinct from ? returning id', [
    code,
    id,
    replacing,
  ]);
  return rows.length > 0;
}

/** The user coupon's stored short code: null when it has none, undefined when there is no such row. */
export async function readShortCode(em: EntityManager, id: string): Promise<string | null | undefined> {
  const rows = await em.execute<{ short_code: string | null }[]>('select short_code from user_coupons where id = ?', [id]);
  return rows[0]?.short_code;
}

export async function listMemberUserCoupons(em: EntityManager, memberId: string): Promise<UserCouponRow[]> {
  return em.execute<UserCouponRow[]>(`${SELECT_USER_COUPON} where uc.member_id = ? order by uc.claimed_at desc, uc.id desc`, [memberId]);
}

/** The member's view of a user coupon; its short code must be stored first (ShortCodeService.ensure). */
export function userCouponFromRow(row: UserCouponRow & { short_code: string }, qr: QrTokenService): UserCoupon {
  return {
    id: row.id,
    couponId: row.coupon_id,
    claimedAt: isoTimestamp(row.claimed_at),
    redeemedAt: isoTimestampOrNull(row.redeemed_at),
    validatedAt: isoTimestampOrNull(row.validated_at),
    redeemedBy: row.redeemed_by,
    qrCode: qr.tokenFor(row.id),
    shortCode: formatShortCode(row.short_code),
    coupon: couponDetailsFromRow(row.coupon),
  };
}
