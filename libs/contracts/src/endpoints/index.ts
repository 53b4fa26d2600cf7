import * as activecampaign from './activecampaign.js';
import * as audit from './audit.js';
import * as auth from './auth.js';
import * as coupons from './coupons.js';
import * as door from './door.js';
import * as doorOffline from './door-offline.js';
import * as doorDevices from './door-devices.js';
import * as events from './events.js';
import * as media from './media.js';
import * as members from './members.js';
import * as news from './news.js';
import * as overview from './overview.js';
import * as points from './points.js';
import * as referrals from './referrals.js';
import * as staff from './staff.js';
import * as system from './system.js';
import * as tiers from './tiers.js';
import * as twoFactor from './two-factor.js';
import * as venue from './venue.js';
import * as venueScope from './venue-scope.js';
import * as venues from './venues.js';
import * as wallet from './wallet.js';
import * as webhooks from './webhooks.js';

/**
 * Every endpoint of the api, by name. The api binds each to exactly one controller method (it
 * refuses to start otherwise), the OpenAPI document lists exactly these, and the web calls them
 * through `routes.generated.ts`, generated from this list.
 */
export const endpoints = {
  ...system,
  ...auth,
  ...twoFactor,
  ...members,
  ...staff,
  ...news,
  ...points,
  ...coupons,
  ...door,
  ...doorOffline,
  ...doorDevices,
  ...venue,
  ...venueScope,
  ...venues,
  ...media,
  ...activecampaign,
  ...webhooks,
  ...audit,
  ...overview,
  ...wallet,
  ...referrals,
  ...tiers,
  ...events,
};
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/**
 * What a staff session that owes its second factor may still call; the auth guard
 * refuses every other endpoint to it. A session that must enrol: its state, the enrol ceremonies,
 * who it is, sign out. A session whose factor is pending: its state, the verify ceremonies, who it
 * is, sign out.
 */
export const ENROL_ENDPOINTS: readonly EndpointName[] = [
  'getMe',
  'signOut',
  'getSecondFactors',
  'startTotpEnrolment',
  'confirmTotpEnrolment',
  'startPasskeyRegistration',
  'finishPasskeyRegistration',
];
/**
 * Dangerous staff actions: the auth guard refuses them (403, SECOND_FACTOR_AGAIN) to a session that
 * last gave its second factor more than STEP_UP_WINDOW_MS ago; giving it again (verify) lets the
 * request through when sent again.
 */
export const STEP_UP_ENDPOINTS: readonly EndpointName[] = [
  'exportMembers',
  'inviteStaff',
  'changeStaffRole',
  'removeStaff',
  'resetStaffSecondFactor',
  'registerWebhook',
  'deleteWebhook',
  'startBulkSync',
];
export const VERIFY_ENDPOINTS: readonly EndpointName[] = [
  'getMe',
  'signOut',
  'getSecondFactors',
  'verifySecondFactor',
  'startPasskeyAuthentication',
  'verifyPasskey',
];
