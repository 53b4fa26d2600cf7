import type { BookingProblem } from './booking-night.js';
import type { ClaimObstacle } from './coupons.js';
import { type Tier, tierLabel } from './tiers.js';
import { dateTimeFormat } from './intl-formats.js';

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

/**
 * Under each coupon a member sees (offered and held): its last moment as the venue's clocks show
 * it, already formatted ("Sat 30 Nov, 04:00"), or null when it never expires.
 */
export const couponUseBy = (venueDateTime: string | null) => (venueDateTime ? `Use by ${venueDateTime}` : 'No expiry');

const pointsWord = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

/** A paid claim asks first (PRODUCT.md §2.5): the question, naming the cost... */
export const paidClaimQuestion = (pointsCost: number) => `Claim for ${pointsWord(pointsCost)}?`;
/** ...and the member's balance once it is spent. */
export const balanceAfterClaim = (pointsLeft: number) => `You'll have ${pointsLeft} left.`;

// ---- tiers

/** Under the member's tier: how far the next tier is ("120 points to Gold"); null at the top tier. */
export const pointsToTierWords = (pointsToNext: number, nextTier: Tier | null) =>
  nextTier ? `${pointsWord(pointsToNext)} to ${tierLabel(nextTier)}` : null;

// ---- the members area with no signal

/** Said when an action that needs the server is tapped with no network: "claiming", "commenting", "liking". */
export const offlineNeedsConnection = (doing: string) => `You're offline: ${doing} needs a connection`;
/** Above a tab shown from the copy saved on the device: when it was last fresh, venue time ("22:30"). */
export const offlineUpdatedAt = (venueClock: string) => `Offline: updated ${venueClock}`;
/** The same, when not even the venue's time zone was saved. */
export const OFFLINE_SAVED_COPY = 'Offline: showing what was saved on this device';

// ---- signing in and the account

export const INVALID_LOGIN = 'Invalid email or password';
/** Said only to the right password, so it tells a stranger nothing. */
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact the venue.';
/**
 * The answer to every sign-up that passed its checks, new e-mail or not: a new membership is then
 * ready to sign in to, an existing one's owner is e-mailed instead (nothing there changes).
 */
export const SIGN_UP_RECEIVED =
  'Thanks for joining! Sign in with your e-mail and password. If this e-mail already has a membership, we have e-mailed it instead.';
/** Every 429 of the sign-in, sign-up and password limits; the answer's Retry-After says how long. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a little and try again.';
/** Staff adjusting their own points (security review L5). */
export const NO_SELF_ADJUSTMENT = 'You cannot adjust your own points: ask another manager or an admin.';
/** A member past the comment limit (PRODUCT.md §9); the answer's Retry-After says how long. */
export const COMMENTING_TOO_FAST = 'You are commenting faster than anyone can read. Please wait a few minutes and try again.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in.';
/** An invited staffer's first password: they never had one to change. */
export const PASSWORD_SET_DONE = 'Your password is set. Please sign in.';
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

/** Whether ActiveCampaign answers, as the calls made to it found (PRODUCT.md §2.6). */
export interface AcConnectionWords {
  state: 'not_configured' | 'not_contacted' | 'connected' | 'unreachable';
  lastAnsweredAt: string | null;
  unreachableSince: string | null;
  reason: string | null;
}

/**
 * The ActiveCampaign tab's badge and line: "Connected, last answered 22:30" only after a call AC
 * answered; "Configured, unreachable since 22:30: no answer within 15 s" while calls fail.
 * `at` writes an instant as venue time (24-hour).
 */
export function acConnectionWords(connection: AcConnectionWords, at: (iso: string) => string): { badge: string; line: string } {
  switch (connection.state) {
    case 'not_configured':
      return { badge: 'Not configured', line: AC_NOT_CONFIGURED };
    case 'not_contacted':
      return { badge: 'Configured', line: 'Configured, not contacted yet' };
    case 'connected':
      return { badge: 'Connected', line: `Connected, last answered ${at(connection.lastAnsweredAt!)}` };
    case 'unreachable':
      return {
        badge: 'Unreachable',
        line: `Configured, unreachable since ${at(connection.unreachableSince!)}: ${connection.reason ?? 'no reason recorded'}`,
      };
  }
}

/** A bulk sync waiting for ActiveCampaign to answer again. */
export const acSyncPausedWords = (since: string, reason: string) =>
  `Paused: ActiveCampaign unreachable since ${since}: ${reason}, retrying by itself`;

// ---- bookings (PRODUCT.md §2.3)

const nightFormat = dateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Friday 28 November 2026": a night named by its evening's date (a calendar date, so formatted in UTC). */
export function nightName(night: string): string {
  return nightFormat.format(new Date(`${night}T00:00:00Z`)).replace(',', '');
}

const weekdayFormat = dateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'long' });
const range = (times: readonly string[]) => `${times[0]} to ${times[times.length - 1]}`;

export const FULLY_BOOKED = 'Fully booked';
export const BOOKING_DATE_MISSING = 'Please choose the night of your booking.';
export const BOOKING_TIME_MISSING = 'Please choose a time.';

/** A field's problem with a booking's night or time, in words that name the night meant. */
export function bookingProblemMessage(problem: BookingProblem): string {
  switch (problem.reason) {
    case 'missing':
      return problem.field === 'date' ? BOOKING_DATE_MISSING : BOOKING_TIME_MISSING;
    case 'malformed':
      return 'Please enter the date as YYYY-MM-DD.';
    case 'ended':
      return `The night of ${nightName(problem.night)} has ended. Tonight is the night of ${nightName(problem.tonight)}; please choose it or a later night.`;
    case 'too-far':
      return `Bookings open 6 months ahead: the last night you can book now is ${nightName(problem.last)}.`;
    case 'closed':
      return `On ${weekdayFormat.format(new Date(`${problem.night}T00:00:00Z`))} nights we take bookings from ${range(problem.slots)}; please choose one of those times.`;
    case 'begun':
      if (problem.remaining.length === 0) {
        return `${problem.time} tonight has already begun and no times are left tonight; please choose a later night.`;
      }
      return problem.remaining.length === 1
        ? `${problem.time} tonight has already begun; the only time left tonight is ${problem.remaining[0]}.`
        : `${problem.time} tonight has already begun; the times left tonight are ${range(problem.remaining)}.`;
  }
}

/** "Thursday 26 November 2026, 01:30 (Australia/Sydney)": an instant as staff read it, venue time on a 24-hour clock. */
export function venueDateTime(instant: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-AU', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${timeZone})`;
}

/** The refusal when a night's bookings for a service are full. */
export const fullyBookedMessage = (night: string, service: string) =>
  `${service} is fully booked on the night of ${nightName(night)}. Please choose another night or service.`;

export const BOOKING_LINK_INVALID =
  'This cancel link is not valid. Please use the link in your booking e-mail, or call the venue.';
export const BOOKING_CANCELLED = 'Your booking is cancelled. We hope to see you another night.';
/** Why a guest's booking can no longer be cancelled through the link. */
export function bookingNotCancellableMessage(status: string): string {
  if (status === 'cancelled') return 'This booking is already cancelled.';
  if (status === 'declined') return 'The venue declined this booking, so there is nothing to cancel.';
  return 'The time of this booking has come, so it can no longer be cancelled here. Please call the venue.';
}

// ---- wallet passes

/** Apple Wallet passes are off until the pass type, team and signing files are configured (README "Wallet passes"). */
export const APPLE_WALLET_OFF = 'Apple Wallet passes are not enabled on this server';
/** An event night's Wallet pass once its last entry has passed. */
export const EVENT_NIGHT_OVER = 'This night is over: its Wallet pass is no longer offered';
/** Google Wallet links are off until the issuer and the service account key are configured. */
export const GOOGLE_WALLET_OFF = 'Google Wallet is not enabled on this server';
/** The member's card or coupon has no pass to show (not theirs, or no such coupon). */
export const PASS_NOT_FOUND = 'No such pass';
/** The large-code view's hint. */
export const RAISE_BRIGHTNESS_HINT = 'Turn your screen brightness up';

// ---- sign-up: age, consent, referrals

/** Beside the date of birth on the sign-up form, per problem the server found. */
export const DATE_OF_BIRTH_REFUSALS: Record<'invalid' | 'future' | 'under_age' | 'too_old', string> = {
  invalid: 'Enter your date of birth as day, month and year',
  future: 'Your date of birth cannot be in the future',
  under_age: 'You must be 18 or over to join Nocturne',
  too_old: 'Check your date of birth: the year looks wrong',
};

export const REFERRAL_CODE_UNKNOWN = 'This invite link is not valid any more; you can still sign up without it';

/** Why a referral earned nothing, as the referrer sees it in their list. */
export const REFERRAL_REFUSALS: Record<'self' | 'monthly_cap', string> = {
  self: 'You cannot invite yourself',
  monthly_cap: 'Monthly invite limit reached',
};

// ---- second factor for staff

/** A manager or admin session (or staff with a factor) before its second factor is set up. */
export const SECOND_FACTOR_ENROL_REQUIRED =
  'Set up a second factor (an authenticator app or a passkey) before you continue: staff accounts need one.';
/** A staff session that has given its password but not yet its second factor. */
export const SECOND_FACTOR_REQUIRED =
  'Enter the code from your authenticator app, a recovery code or use your passkey to continue.';
/** How recently a session must have given its second factor for a dangerous staff action. */
export const STEP_UP_WINDOW_MS = 15 * 60_000;
/**
 * A dangerous staff action (an export, a role change, a second-factor reset, webhook or sync
 * settings) from a session that last gave its second factor more than 15 minutes ago: the web asks
 * for the code or passkey, then sends the request again. The web recognises the refusal by this text.
 */
export const SECOND_FACTOR_AGAIN =
  'For this, confirm it is you: enter the code from your authenticator app, a recovery code or use your passkey.';
/** A wrong, old or already used TOTP code or recovery code. */
export const SECOND_FACTOR_WRONG_CODE = 'That code is not right or was already used. Try the current code.';
/** A passkey ceremony that failed or whose challenge expired. */
export const PASSKEY_FAILED = 'The passkey could not be checked. Please try again.';
/** Removing the one factor a manager or admin account must keep. */
export const SECOND_FACTOR_LAST_ONE = 'Your role needs a second factor: add another one before you remove this one.';

// ---- referrals and birthdays

/** The history line of the member who invited: "Invite: Jordan B. joined". */
export function referrerRewardDescription(referredName: string): string {
  return `Invite: ${referredName} joined`;
}

/** The history line of the member invited: "Joined through Sam's invite". */
export function referredRewardDescription(referrerFirstName: string): string {
  return `Joined through ${referrerFirstName}'s invite`;
}

/** A person as a referrer's list shows them: first name and the initial of the last ("Jordan B."). */
export function referralDisplayName(firstName: string, lastName: string | null): string {
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${firstName} ${initial}.` : firstName;
}

/** The members area's line during the member's birthday week, once the coupon is theirs. */
export const BIRTHDAY_BANNER = 'Happy birthday! Your birthday coupon is in My Coupons';

export const BIRTHDAY_MAIL_SUBJECT = 'Happy birthday from Nocturne';

/** The birthday e-mail: a service message about the coupon the member was given. */
export function birthdayMailText(firstName: string, couponTitle: string, link: string): string {
  return [
    `Hi ${firstName},`,
    '',
    `Happy birthday from all of us at Nocturne! To celebrate, "${couponTitle}" is waiting in My Coupons.`,
    '',
    `See it here: ${link}`,
    '',
    'Nocturne',
  ].join('\n');
}

// ---- downloads

/** A download asked for while the same account's earlier ones are still running. */
export const EXPORT_ALREADY_RUNNING =
  'Your earlier download is still being prepared. Please wait for it to finish, then try again.';
/** A download asked for while the server prepares as many as it can at once. */
export const EXPORTS_BUSY = 'The server is preparing as many downloads as it can at once. Please try again in a few seconds.';
