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
  })
  .meta({ id: 'MembershipSettings' });
export type MembershipSettings = z.infer<typeof MembershipSettings>;

export const UpdateMembershipSettingsRequest = z
  .object({
    referralPoints: z.number().int().min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'),
    referralsPerMonth: z.number().int().min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
    birthdayCouponId: Uuid.nullable(),
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
