import { clubNightEnd, clubNightOf } from '@nocturne/domain';
import type { AdminCoupon, CouponType, CreateCouponRequest, Tier, UpdateCouponRequest } from '@nocturne/contracts';
import type { z } from 'zod';

/** What the admin typed, as strings (the form's state). */
export interface CouponFormValues {
  code: string;
  title: string;
  description: string;
  type: CouponType;
  value: string;
  pointsCost: string;
  requiredTier: Tier;
  maxUses: string;
  /** YYYY-MM-DD from the date input, or ''. */
  validUntil: string;
  /** Shown when editing only: the create form leaves it to the server's default, 1. */
  perMemberLimit: string;
}

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  title: '',
  description: '',
  type: 'percentage',
  value: '',
  pointsCost: '0',
  requiredTier: 'bronze',
  maxUses: '',
  validUntil: '',
  perMemberLimit: '1',
};

/** What the form sends: every field of the contract's request but the per-member limit (the server's default, 1). */
/** The form's fields; the venues (a group of several) are added by the form when ticked. */
export type CreateCouponPayload = Required<Omit<z.input<typeof CreateCouponRequest>, 'perMemberLimit' | 'venueIds'>> & {
  venueIds?: number[];
};

const wholeOrNull = (text: string): number | null => {
  const number = Number.parseInt(text.trim(), 10);
  return Number.isNaN(number) ? null : number;
};

/**
 * The form's conversions: whole numbers; an empty value or max uses is null (unlimited); a
 * non-numeric points cost is 0. A "valid until" date means the end of that club night, 06:00 the
 * next morning venue time (ARCHITECTURE "Dates"), sent as an ISO instant: `timeZone` is the
 * venue's, as the api's venue answer gives it (never a guessed one).
 */
export function toCreateCouponPayload(values: CouponFormValues, timeZone: string): CreateCouponPayload {
  return {
    code: values.code.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    value: wholeOrNull(values.value),
    pointsCost: wholeOrNull(values.pointsCost) ?? 0,
    requiredTier: values.requiredTier,
    maxUses: wholeOrNull(values.maxUses),
    validUntil: values.validUntil ? clubNightEnd(values.validUntil, timeZone).toISOString() : null,
  };
}

/** What the edit form sends: only the fields the admin changed. */
export type UpdateCouponPayload = z.input<typeof UpdateCouponRequest>;

/**
 * A coupon as the form shows it. Its valid-until instant shows as the club night it ends (the
 * instant just before it, so 06:00 after 31 December reads as 31 December) on the venue's calendar.
 */
export function couponFormValuesOf(coupon: AdminCoupon, timeZone: string): CouponFormValues {
  return {
    code: coupon.code,
    title: coupon.title,
    description: coupon.description,
    type: coupon.type,
    value: coupon.value === null ? '' : String(coupon.value),
    pointsCost: String(coupon.pointsCost),
    requiredTier: coupon.requiredTier,
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    validUntil: coupon.validUntil ? clubNightOf(new Date(Date.parse(coupon.validUntil) - 1), timeZone) : '',
    perMemberLimit: String(coupon.perMemberLimit),
  };
}

/**
 * The edit as a partial update: the fields whose converted value differs from the coupon's, so an
 * untouched date keeps the exact instant stored and an expired coupon can still be renamed.
 */
export function toUpdateCouponPayload(
  initial: CouponFormValues,
  values: CouponFormValues,
  timeZone: string,
): UpdateCouponPayload {
  const before = toCreateCouponPayload(initial, timeZone);
  const after = toCreateCouponPayload(values, timeZone);
  const change: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateCouponPayload)[]) {
    if (after[key] !== before[key]) change[key] = after[key];
  }
  const limit = wholeOrNull(values.perMemberLimit);
  if (limit !== null && limit !== wholeOrNull(initial.perMemberLimit)) change['perMemberLimit'] = limit;
  return change as UpdateCouponPayload;
}
