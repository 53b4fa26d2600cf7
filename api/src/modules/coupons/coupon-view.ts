import type { AdminCoupon, CouponDetails, CouponType } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';
import { isoTimestamp, isoTimestampOrNull } from '../../common/timestamps.js';
import type { CouponTerms } from './claim-rules.js';

export interface CouponRow {
  id: string;
  code: string;
  title: string;
  description: string;
  type: CouponType;
  value: number | null;
  points_cost: number;
  required_tier: Tier;
  max_uses: number | null;
  per_member_limit: number;
  valid_until: Date | string | null;
  is_active: boolean;
  archived_at: Date | string | null;
  claimed_count: number;
  redeemed_count: number;
  created_at: Date | string;
}

/** Every coupons column, optionally qualified with a table alias. */
export function couponColumns(alias = ''): string {
  const prefix = alias ? `${alias}.` : '';
  return [
    'id', 'code', 'title', 'description', 'type', 'value', 'points_cost', 'required_tier', 'max_uses', 'per_member_limit',
    'valid_until', 'is_active', 'archived_at', 'claimed_count', 'redeemed_count', 'created_at',
  ]
    .map((column) => `${prefix}${column}`)
    .join(', ');
}

export function couponDetailsFromRow(row: CouponRow): CouponDetails {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    type: row.type,
    value: row.value,
    pointsCost: row.points_cost,
    requiredTier: row.required_tier,
    maxUses: row.max_uses,
    perMemberLimit: row.per_member_limit,
    validUntil: isoTimestampOrNull(row.valid_until),
    isActive: row.is_active && row.archived_at === null,
  };
}

export function adminCouponFromRow(row: CouponRow): AdminCoupon {
  return {
    ...couponDetailsFromRow(row),
    archivedAt: isoTimestampOrNull(row.archived_at),
    claimedCount: row.claimed_count,
    redeemedCount: row.redeemed_count,
    createdAt: isoTimestamp(row.created_at),
  };
}

export function termsFromRow(row: CouponRow): CouponTerms {
  return {
    isActive: row.is_active,
    archivedAt: row.archived_at === null ? null : new Date(row.archived_at),
    validUntil: row.valid_until === null ? null : new Date(row.valid_until),
    requiredTier: row.required_tier,
    maxUses: row.max_uses,
    claimedCount: row.claimed_count,
    perMemberLimit: row.per_member_limit,
    pointsCost: row.points_cost,
  };
}
