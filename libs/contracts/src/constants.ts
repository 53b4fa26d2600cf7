// Plain constants of the API contract, with no zod import: the web bundles these without
// pulling in the schema library.

// The domain's enums, declared once in @nocturne/domain: the schemas and the web's option lists use these.
export {
  BOOKING_DECISIONS,
  BOOKING_NOTE_MAX,
  BOOKING_STATUSES,
  BOOKING_TIMES,
  COMMENT_VISIBILITIES,
  CONTACT_MESSAGE_STATES,
  COUPON_TYPES,
  DELIVERY_STATES,
  INBOX_DELIVERY_KINDS,
  NEWS_CONTENT_TYPES,
  QR_SCAN_ACTIONS,
  QR_SCAN_METHODS,
  QR_SCAN_RESULTS,
  REDEEMED_BY,
  ROLES,
  SYNC_JOB_STATES,
  TIERS,
  VENUE_KINDS,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  type CommentVisibility,
  type Role,
  type Tier,
} from '@nocturne/domain';

export const PASSWORD_MIN_LENGTH = 10;
export const BOOKING_GUESTS = ['1', '2', '3', '4', '5', '6+'] as const;
export const BOOKING_SERVICES = [
  'vip-room',
  'private-room',
  'luxury-suite',
  'group-booking',
  'bucks-party',
  'birthday',
  'corporate',
] as const;
/** How the booking form and the admin's inbox name each service. */
export const BOOKING_SERVICE_LABELS: Record<(typeof BOOKING_SERVICES)[number], string> = {
  'vip-room': 'VIP Room',
  'private-room': 'Private Room',
  'luxury-suite': 'Luxury Suite',
  'group-booking': 'Group Booking',
  'bucks-party': 'Bucks Party',
  birthday: 'Birthday Celebration',
  corporate: 'Corporate Event',
};
export const DEFAULT_BOOKING_GUESTS = '2';
export const DEFAULT_BOOKING_SERVICE = 'vip-room';
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * The staff dashboard's screens, each its own page at `/admin/<screen>` (PRODUCT.md §2.6), in the
 * order the navigation lists them. Which roles see which is the web's (the api checks every call).
 */
export const ADMIN_SCREENS = [
  'overview',
  'news',
  'events',
  'comments',
  'members',
  'email',
  'coupons',
  'bookings',
  'messages',
  'venues',
  'webhooks',
  'staff',
  'audit',
] as const;
export type AdminScreen = (typeof ADMIN_SCREENS)[number];

/**
 * The web app's pages. The router declares exactly these (a web test holds it to that); the api
 * answers any other page path with 404 and the app's shell, which shows "Page Not Found". A
 * `:name` segment stands for any one path segment.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/members-login',
  '/members-register',
  '/admin-login',
  '/reset-password',
  '/two-factor',
  '/member-dashboard',
  '/admin-dashboard',
  ...ADMIN_SCREENS.map((screen) => `/admin/${screen}` as const),
  '/admin/content',
  '/admin/members/:id',
  '/bookings/cancel',
  '/door',
  '/venues/:slug',
] as const;
export type AppPagePath = (typeof APP_PAGE_PATHS)[number];
