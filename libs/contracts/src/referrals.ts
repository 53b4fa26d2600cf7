import { VISIT_POINTS_PER_NIGHT_MAX } from '@nocturne/domain';
import { z } from 'zod';
import { Uuid } from './common.js';

export const ReferralState = z.enum(['pending', 'earned', 'refused']);

/** Someone who signed up through the member's invite link, as the member sees them. */
export const ReferralView = z
  .object({
    id: Uuid,
    /** First name and the initial of the last ("Jordan B."). */
    name: z.string(),
    joinedAt: z.iso.datetime(),
    state: ReferralState,
    /** Why a refused referral earns nothing ("Monthly invite limit reached"); null otherwise. */
    reason: z.string().nullable(),
    /** What it paid each of the two (earned), null otherwise. */
    points: z.number().int().nullable(),
  })
  .meta({ id: 'ReferralView' });
export type ReferralView = z.infer<typeof ReferralView>;

export const MyReferrals = z
  .object({
    code: z.string(),
    /** The invite link to share: APP_URL + /members-register?ref=CODE. */
    link: z.url(),
    /** What a referral pays each of the two at the invited member's first visit, as set now. */
    pointsEach: z.number().int(),
    /** Referrals that count toward the monthly cap (pending and earned) this venue month, and the cap. */
    thisMonth: z.number().int(),
    perMonth: z.number().int(),
    referrals: z.array(ReferralView),
  })
  .meta({ id: 'MyReferrals' });
export type MyReferrals = z.infer<typeof MyReferrals>;

/** The venue's membership settings as a manager sees and sets them. */
export const MembershipSettings = z
  .object({
    referralPoints: z.number().int().min(0).max(10_000),
    referralsPerMonth: z.number().int().min(0).max(1000),
    /** The coupon a member's birthday grant copies; null: no birthday coupon. */
    birthdayCouponId: Uuid.nullable(),
    /** How many of a member's visits a club night pay visit points, across the group's venues (default 1). */
    visitPointsPerNight: z.number().int().min(1).max(VISIT_POINTS_PER_NIGHT_MAX),
  })
  .meta({ id: 'MembershipSettings' });
export type MembershipSettings = z.infer<typeof MembershipSettings>;

export const UpdateMembershipSettingsRequest = z
  .object({
    referralPoints: z.number().int().min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'),
    referralsPerMonth: z.number().int().min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
    birthdayCouponId: Uuid.nullable(),
    /** Optional: left out, it stays as it is. */
    visitPointsPerNight: z
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(VISIT_POINTS_PER_NIGHT_MAX, `must be at most ${VISIT_POINTS_PER_NIGHT_MAX}`)
      .optional(),
  })
  .meta({ id: 'UpdateMembershipSettingsRequest' });
export type UpdateMembershipSettingsRequest = z.infer<typeof UpdateMembershipSettingsRequest>;

/** The members area's birthday line: set during the member's birthday week once the coupon is theirs. */
export const MyBirthday = z
  .object({
    /** "Happy birthday! Your birthday coupon is in My Coupons", or null outside the week or before the grant. */
    message: z.string().nullable(),
  })
  .meta({ id: 'MyBirthday' });
export type MyBirthday = z.infer<typeof MyBirthday>;
