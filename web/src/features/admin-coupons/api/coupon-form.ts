import { clubNightEnd } from '@nocturne/domain';
import type { CouponType, CreateCouponRequest, Tier } from '@nocturne/contracts';
import type { z } from 'zod';
import { VENUE_TIME_ZONE } from '@/config/club';

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
};

/** What the form sends: every field of the contract's request but the per-member limit (the server's default, 1). */
export type CreateCouponPayload = Required<Omit<z.input<typeof CreateCouponRequest>, 'perMemberLimit'>>;

const wholeOrNull = (text: string): number | null => {
  const number = Number.parseInt(text.trim(), 10);
  return Number.isNaN(number) ? null : number;
};

/**
 * SPEC 5's conversions: whole numbers; an empty value or max uses is null (unlimited); a
 * non-numeric points cost is 0. A "valid until" date means the end of that club night, 06:00 the
 * next morning venue time (ARCHITECTURE "Dates"), sent as an ISO instant.
 */
export function toCreateCouponPayload(values: CouponFormValues): CreateCouponPayload {
  return {
    code: values.code.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    value: wholeOrNull(values.value),
    pointsCost: wholeOrNull(values.pointsCost) ?? 0,
    requiredTier: values.requiredTier,
    maxUses: wholeOrNull(values.maxUses),
    validUntil: values.validUntil ? clubNightEnd(values.validUntil, VENUE_TIME_ZONE).toISOString() : null,
  };
}
