import type { DoorCheckResponse, DoorCoupon, DoorMember } from '@nocturne/contracts';
import { DOOR_ALREADY_HERE, DOOR_MEMBER_DISABLED, DOOR_VALID, visitCappedMessage, visitRecordedMessage } from '@nocturne/domain';
import type { CouponJudgement, UserCouponView } from '../coupons/coupons.public.js';
import type { CardHolder } from './door.repository.js';
import type { VisitOutcome } from './visits.service.js';

type CouponVerdict = Extract<DoorCheckResponse, { kind: 'coupon' }>;
type CardVerdict = Extract<DoorCheckResponse, { kind: 'card' }>;
type UnknownVerdict = Extract<DoorCheckResponse, { kind: 'unknown' }>;

/** A member as the door may see them: first name, tier and whether the account works (PRODUCT.md §6). */
function doorMember(row: Pick<UserCouponView, 'first_name' | 'member_tier' | 'disabled_at' | 'deleted_at'>): DoorMember {
  const active = row.disabled_at === null && row.deleted_at === null;
  return { firstName: row.first_name, tier: row.member_tier, status: active ? 'active' : 'disabled' };
}

export function isActive(holder: Pick<CardHolder, 'disabled_at' | 'deleted_at'>): boolean {
  return holder.disabled_at === null && holder.deleted_at === null;
}

/** A coupon's verdict: green with its title and holder, or red with the reason in words. */
export function couponVerdict(check: CouponJudgement, coupon: DoorCoupon): CouponVerdict {
  const member = doorMember(check.row);
  if (check.ok) return { kind: 'coupon', ok: true, message: DOOR_VALID, refusal: null, coupon, member };
  return { kind: 'coupon', ok: false, message: check.message, refusal: check.refusal, coupon, member };
}

/** A card's verdict: the member, tonight's visit and their coupons usable tonight; refused, and empty, for a disabled account. */
export function cardVerdict(holder: CardHolder, visit: VisitOutcome | null, coupons: DoorCoupon[]): CardVerdict {
  const member = doorMember(holder);
  if (visit === null) {
    return {
      kind: 'card',
      ok: false,
      message: DOOR_MEMBER_DISABLED,
      refusal: 'member_disabled',
      member,
      visit: null,
      coupons: [],
    };
  }
  const message = !visit.recorded
    ? DOOR_ALREADY_HERE
    : visit.capped
      ? visitCappedMessage(holder.first_name, visit.perNight)
      : visitRecordedMessage(holder.first_name, visit.points);
  const { night, recorded, points, capped } = visit;
  const answered = capped && recorded ? { night, recorded, points, capped: true as const } : { night, recorded, points };
  return { kind: 'card', ok: true, message, refusal: null, member, visit: answered, coupons };
}

export function unknownVerdict(refusal: UnknownVerdict['refusal'], message: string): UnknownVerdict {
  return { kind: 'unknown', ok: false, message, refusal };
}
