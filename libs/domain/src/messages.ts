import type { ClaimObstacle } from './coupons.js';
import { type Tier, tierLabel } from './tiers.js';

/*
 * What people are told, worded once: the api sends these in its answers and the web shows them
 * (or falls back to them) on its screens. Plain strings and functions, so the landing page can
 * bundle them without zod or node code. A refusal here is shown as is, so it says what happened
 * and, where there is something to do, what.
 */

// ---- coupons

export const COUPON_NOT_FOUND = 'Coupon not found';
export const ALREADY_REDEEMED = 'This coupon has already been redeemed';

/** The claim's refusal (shown in a toast) and the short reason beside a listed coupon, per obstacle. */
export const CLAIM_REFUSALS: Record<Exclude<ClaimObstacle, 'tier'>, { message: string; reason: string }> = {
  withdrawn: { message: 'This coupon is no longer available', reason: 'No longer available' },
  // Staff switched it off and may switch it on again: "paused", not "no longer".
  paused: { message: 'This coupon has been paused by the venue and cannot be used right now', reason: 'Paused' },
  expired: { message: 'This coupon has expired', reason: 'Expired' },
  fully_claimed: { message: 'This coupon has been fully claimed', reason: 'Fully claimed' },
  already_claimed: { message: 'You have already claimed this coupon', reason: 'Already claimed' },
  points: { message: 'Not enough points', reason: 'Not enough points' },
};

/** The words for a coupon above the member's tier, naming the tier it requires. */
export function tierRefusalWords(requiredTier: Tier): { message: string; reason: string } {
  const tier = tierLabel(requiredTier);
  return { message: `This coupon requires ${tier} tier`, reason: `Requires ${tier} tier` };
}

/** The words for a claim obstacle; `requiredTier` is the coupon's (named by the tier refusal). */
export function claimRefusalWords(obstacle: ClaimObstacle, requiredTier: Tier): { message: string; reason: string } {
  return obstacle === 'tier' ? tierRefusalWords(requiredTier) : CLAIM_REFUSALS[obstacle];
}

// ---- signing in and the account

export const INVALID_LOGIN = 'Invalid email or password';
/** Said only to the right password, so it tells a stranger nothing. */
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact the venue.';
export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
/** Every 429 of the sign-in, sign-up and password limits; the answer's Retry-After says how long. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a little and try again.';
/** Staff adjusting their own points (security review L5). */
export const NO_SELF_ADJUSTMENT = 'You cannot adjust your own points: ask another manager or an admin.';
/** A member past the comment limit (PRODUCT.md §9); the answer's Retry-After says how long. */
export const COMMENTING_TOO_FAST = 'You are commenting faster than anyone can read. Please wait a few minutes and try again.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in.';
/** Said whether or not the account exists, so the answer tells nobody who is a member. */
export const resetLinkSent = (email = 'that email') =>
  `If an account exists for ${email}, a reset link is on its way. Please check your e-mail.`;
export const ACCOUNT_DELETED = 'Your account has been deleted.';
export const ACCOUNT_NOT_DELETED_WRONG_PASSWORD = 'That password is not right, so your account was not deleted.';

// ---- points history

/** The start of the history line of a comment reward staff took back. */
export const COMMENT_REMOVED_BY_STAFF = 'Comment removed by staff';
export const commentRemovedDescription = (postTitle: string) => `${COMMENT_REMOVED_BY_STAFF}: ${postTitle}`;

// ---- staff

/** ActiveCampaign sync is switched off until AC_API_URL and AC_API_KEY are set. */
export const AC_NOT_CONFIGURED = 'ActiveCampaign is not configured';
