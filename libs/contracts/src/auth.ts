import { z } from 'zod';
import { ROLES } from '@nocturne/domain';
import { Email, MemberTier, plainText } from './common.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { SecondFactorState } from './two-factor.js';

export const User = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    role: z.enum(ROLES).describe('member, or the staff role: door (door mode), manager (runs the venue) or admin'),
    isAdmin: z.boolean().describe('True for the admin role (older clients read it; `role` says which staff role)'),
    currentPoints: z.number().int(),
    totalPoints: z.number().int(),
    memberTier: MemberTier,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

const name = (field: string) =>
  plainText(
    z
      .string({ message: 'is required' })
      .trim()
      .min(1, `${field} must not be empty`)
      .max(100, `${field} must be at most 100 characters`),
    { multiline: false },
  );

export const Password = z
  .string({ message: 'is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

/** YYYY-MM-DD; the server checks the age on the venue's date (18 and over). */
export const DateOfBirth = z
  .string({ message: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 1999-12-31')
  .meta({ description: 'YYYY-MM-DD. Sign-up and the profile refuse anyone under 18 on the venue date.' });

export const RegisterRequest = z.object({
  email: Email,
  firstName: name('First name'),
  lastName: name('Last name'),
  password: Password,
  dateOfBirth: DateOfBirth,
  marketingConsent: z
    .boolean()
    .default(false)
    .meta({ description: 'Marketing e-mail consent, unticked by default; stored with the wording version shown.' }),
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(20)
    .optional()
    .meta({ description: "The invite link's code (/members-register?ref=CODE); an unknown code is ignored." }),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z.string({ message: 'is required' }).min(1, 'is required').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const AuthResponse = z
  .object({
    success: z.boolean(),
    message: z.string(),
    sessionId: z.string().optional(),
    user: User.optional(),
    secondFactor: SecondFactorState.optional().meta({
      description:
        'Staff sign-in: pending means ask for the code or passkey (POST /api/auth/2fa/verify), enrol means a manager or admin must set one up first; until then the session may only do that',
    }),
    firstSignIn: z.boolean().optional().meta({
      description:
        'True when this is the first time the member signs in (registration, or a first sign-in to an account made for them): the web says "Welcome" rather than "Welcome back".',
    }),
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({
  token: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
  password: Password,
});

/** PATCH /api/auth/me: the member's own names (both required; comment lists show them). */
export const UpdateProfileRequest = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** GET/PATCH /api/auth/me/consent: the date of birth and the marketing consent. */
export const MyConsent = z
  .object({
    dateOfBirth: z.string().nullable().describe('YYYY-MM-DD; null for members who joined before it was asked'),
    marketingConsent: z.boolean(),
    marketingConsentAt: z.iso.datetime().nullable().describe('When consent was last given or withdrawn'),
    marketingConsentVersion: z.string().nullable().describe('The version of the wording shown then'),
    wording: z.string().describe('The consent wording as shown now'),
    wordingVersion: z.string(),
  })
  .meta({ id: 'MyConsent' });
export type MyConsent = z.infer<typeof MyConsent>;

export const UpdateMyConsentRequest = z.object({
  dateOfBirth: DateOfBirth.optional().meta({ description: 'Only while none is stored; it cannot be changed after' }),
  marketingConsent: z.boolean().optional(),
});
export type UpdateMyConsentRequest = z.infer<typeof UpdateMyConsentRequest>;

/** POST /api/auth/me/password: the current password proves it is the member, not a borrowed session. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ message: 'is required' }).min(1, 'is required').max(200),
  newPassword: Password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** GET /api/auth/me/export: everything the club holds about the member (Australian Privacy Principle 12). */
export const MyDataExport = z
  .object({
    exportedAt: z.iso.datetime(),
    profile: User.extend({
      lastSignInAt: z.iso.datetime().nullable(),
      dateOfBirth: z.string().nullable(),
      marketingConsent: z.boolean(),
      marketingConsentAt: z.iso.datetime().nullable(),
      marketingConsentVersion: z.string().nullable(),
    }),
    /** Each ledger entry as paid: base points and the tier and promotion multipliers (hundredths) that applied. */
    pointsHistory: z.array(
      z.object({
        description: z.string(),
        points: z.number().int(),
        basePoints: z.number().int(),
        tierMultiplier: z.number().int(),
        promotionMultiplier: z.number().int(),
        kind: z.string(),
        createdAt: z.iso.datetime(),
      }),
    ),
    coupons: z.array(
      z.object({
        code: z.string(),
        title: z.string(),
        claimedAt: z.iso.datetime(),
        redeemedAt: z.iso.datetime().nullable(),
      }),
    ),
    comments: z.array(
      z.object({ postTitle: z.string(), content: z.string(), createdAt: z.iso.datetime(), removed: z.boolean() }),
    ),
    /** The guest lists the member joined: the event, its night, their plus-ones and how many of the party came in (null: not marked). */
    guestLists: z.array(
      z.object({
        event: z.string(),
        night: z.iso.date(),
        plusOnes: z.number().int(),
        arrivedCount: z.number().int().nullable(),
        joinedAt: z.iso.datetime(),
      }),
    ),
    /** The member's invite code, whether they joined through someone's invite, and their invites (dates and states only: no one else's data). */
    referrals: z.object({
      inviteCode: z.string().nullable(),
      joinedThroughInvite: z.object({ state: z.string(), createdAt: z.iso.datetime() }).nullable(),
      invited: z.array(z.object({ state: z.string(), createdAt: z.iso.datetime() })),
    }),
    /** What the club gave on its own: the last tier celebrated, birthday coupons (by year), monthly tier coupons (by month). */
    rewards: z.object({
      tierCelebrated: z.object({ tier: MemberTier, celebratedAt: z.iso.datetime() }).nullable(),
      birthdayCoupons: z.array(z.object({ year: z.number().int(), grantedAt: z.iso.datetime() })),
      monthlyTierCoupons: z.array(z.object({ month: z.string(), tier: MemberTier, grantedAt: z.iso.datetime() })),
    }),
  })
  .meta({ id: 'MyDataExport' });
export type MyDataExport = z.infer<typeof MyDataExport>;

/** DELETE /api/auth/me: the password confirms that the member, not a borrowed session, asks. */
export const DeleteAccountRequest = z.object({
  password: z.string({ message: 'is required' }).min(1, 'is required').max(200),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
