export * from './constants.js';
export * from './common.js';
export * from './auth.js';
export * from './venue-requests.js';
export * from './news.js';
export * from './points.js';
export * from './coupons.js';
export * from './venue-inbox.js';
export * from './activecampaign.js';
export * from './media.js';
export * from './wallet.js';
export * from './members.js';
export * from './staff.js';
export * from './webhooks.js';
export * from './audit.js';
export * from './admin-overview.js';
export * from './moderation.js';
export * from './system.js';
export * from './door.js';
export * from './door-offline.js';
export * from './door-devices.js';
export * from './referrals.js';
export * from './tiers.js';
export * from './venues.js';
export * from './events.js';
export * from './endpoint.js';
export {
  ENROL_ENDPOINTS,
  endpoints,
  type EndpointName,
  type Endpoints,
  STEP_UP_ENDPOINTS,
  VERIFY_ENDPOINTS,
} from './endpoints/index.js';
export * from './two-factor.js';
export * from './venue-scope.js';
