// What `npm run bench:scale` asks of each GET endpoint in libs/contracts' endpoint list (and the
// door's checks): one or more cases, or the reason there is none. A test
// (libs/tooling/test/scale-cases.spec.ts) fails when a GET endpoint has neither, so an endpoint
// added later is measured without anyone remembering to.
//
// A case: { name, route(ctx), as } where `as` names whose session asks ('staff', the group's admin;
// 'venueManager', a manager of one small venue of the group (ctx.venue); 'member', an everyday member; 'heavy', the five-year regular; 'anyone', no session), optionally
// { method, body(ctx), accept } for a POST or for answers besides 200 that are the design (an
// export past its slots is a 429 with Retry-After), and `stream` for an answer that grows with the
// data (an export): its goal is the first byte, not the whole answer. ctx holds what the bench seeded (see
// bench-scale.mjs: ids, cursors, the member's card).

const q = encodeURIComponent;

/** @type {Record<string, { cases: Array<{ name: string; as: 'staff' | 'venueManager' | 'member' | 'heavy' | 'anyone'; route: (ctx: any) => string; method?: 'POST'; body?: (ctx: any) => unknown; accept?: number[]; stream?: boolean }> } | { skip: string }>} */
export const SCALE_CASES = {
  // Staff screens.
  listMembers: {
    cases: [
      { name: 'admin members list', as: 'staff', route: () => '/api/admin/users?limit=25' },
      { name: '…search by e-mail prefix', as: 'staff', route: (ctx) => `/api/admin/users?limit=25&search=${q(ctx.emailPrefix)}` },
      { name: '…search by surname', as: 'staff', route: (ctx) => `/api/admin/users?limit=25&search=${q(ctx.surname)}` },
    ],
  },
  getAdminMember: {
    cases: [{ name: 'admin member page, heavy member', as: 'staff', route: (ctx) => `/api/admin/members/${ctx.heavyId}` }],
  },
  getAdminOverview: {
    cases: [
      { name: 'admin overview, tonight', as: 'staff', route: () => '/api/admin/overview' },
      { name: 'admin overview, a past night', as: 'staff', route: (ctx) => `/api/admin/overview?night=${ctx.pastNight}` },
      { name: 'admin overview, a venue manager', as: 'venueManager', route: () => '/api/admin/overview' },
      // One venue's overview: its nights counted afresh (club_night_figures keeps the group's only).
      { name: 'admin overview, one venue', as: 'staff', route: () => '/api/admin/overview?venue=1' },
    ],
  },
  getAdminStats: { cases: [{ name: 'admin stats', as: 'staff', route: () => '/api/admin/stats' }] },
  getActiveCampaignStatus: {
    cases: [{ name: 'ActiveCampaign status', as: 'staff', route: () => '/api/admin/integrations/activecampaign' }],
  },
  getSyncJob: { cases: [{ name: 'a bulk sync job', as: 'staff', route: (ctx) => `/api/admin/sync-jobs/${ctx.syncJobId}` }] },
  getInboxCounts: {
    cases: [
      { name: 'inbox counts', as: 'staff', route: () => '/api/admin/inbox/counts' },
      { name: 'inbox counts, a venue manager', as: 'venueManager', route: () => '/api/admin/inbox/counts' },
      { name: 'inbox counts, one venue', as: 'staff', route: () => '/api/admin/inbox/counts?venue=1' },
    ],
  },
  listScans: {
    cases: [
      { name: 'scan log, first page', as: 'staff', route: () => '/api/admin/scans?limit=50' },
      {
        name: 'scan log, deep cursor',
        as: 'staff',
        route: (ctx) => `/api/admin/scans?limit=50${ctx.deepScanCursor ? `&cursor=${q(ctx.deepScanCursor)}` : ''}`,
      },
      { name: 'scan log, one small venue', as: 'staff', route: (ctx) => `/api/admin/scans?limit=50&venueId=${ctx.venue.id}` },
      { name: 'scan log, its venue manager', as: 'venueManager', route: () => '/api/admin/scans?limit=50' },
    ],
  },
  listAdminComments: {
    cases: [
      { name: 'comments moderation', as: 'staff', route: () => '/api/admin/comments' },
      { name: '…search, a rare phrase', as: 'staff', route: () => `/api/admin/comments?q=${q('floor #424242')}` },
    ],
  },
  listBookings: {
    cases: [
      { name: 'bookings', as: 'staff', route: () => '/api/admin/bookings' },
      { name: 'bookings, one small venue', as: 'staff', route: (ctx) => `/api/admin/bookings?venue=${ctx.venue.slug}` },
      { name: 'bookings, its venue manager', as: 'venueManager', route: () => '/api/admin/bookings' },
    ],
  },
  listBookingCapacities: {
    cases: [
      { name: 'booking capacities, tonight', as: 'staff', route: (ctx) => `/api/admin/booking-capacities?night=${ctx.tonight}` },
    ],
  },
  listContactMessages: {
    cases: [
      { name: 'contact messages', as: 'staff', route: () => '/api/admin/contact-messages' },
      {
        name: 'contact messages, one small venue',
        as: 'staff',
        route: (ctx) => `/api/admin/contact-messages?venue=${ctx.venue.slug}`,
      },
      { name: 'contact messages, its venue manager', as: 'venueManager', route: () => '/api/admin/contact-messages' },
    ],
  },
  listAdminCoupons: { cases: [{ name: 'admin coupons', as: 'staff', route: () => '/api/admin/coupons' }] },
  listStaff: { cases: [{ name: 'staff list', as: 'staff', route: () => '/api/admin/staff' }] },
  listAuditLog: { cases: [{ name: 'audit log', as: 'staff', route: () => '/api/admin/audit' }] },
  listPromotions: { cases: [{ name: 'promotions', as: 'staff', route: () => '/api/admin/promotions' }] },
  getTierBenefits: { cases: [{ name: 'tier benefits', as: 'staff', route: () => '/api/admin/tier-benefits' }] },
  getMembershipSettings: { cases: [{ name: 'membership settings', as: 'staff', route: () => '/api/admin/membership-settings' }] },
  listWebhooks: { cases: [{ name: 'webhooks', as: 'staff', route: () => '/api/admin/webhooks' }] },
  listWebhookDeliveries: {
    cases: [{ name: 'webhook deliveries', as: 'staff', route: (ctx) => `/api/admin/webhooks/${ctx.webhookId}/deliveries` }],
  },
  getDoorTonight: { cases: [{ name: 'door tonight', as: 'staff', route: () => '/api/door/tonight' }] },
  listDoorsToPick: { cases: [{ name: 'doors to pick', as: 'staff', route: () => '/api/door/doors' }] },
  listNamedDoors: { cases: [{ name: 'named doors', as: 'staff', route: () => '/api/admin/door-devices' }] },
  listDoorLockouts: { cases: [{ name: 'phones waiting to type', as: 'staff', route: () => '/api/admin/door-lockouts' }] },
  getDoorSettings: { cases: [{ name: 'door settings', as: 'staff', route: () => '/api/admin/door-settings' }] },
  getDoorsTonight: { cases: [{ name: 'tonight at each door', as: 'staff', route: () => '/api/admin/doors/tonight' }] },
  listVenueChoices: { cases: [{ name: 'venue choices', as: 'staff', route: () => '/api/admin/venue-choices' }] },
  listAdminVenues: { cases: [{ name: 'venues (admin)', as: 'staff', route: () => '/api/admin/venues' }] },
  listEvents: {
    cases: [
      { name: 'events (staff), first page', as: 'staff', route: () => '/api/admin/events?limit=50' },
      { name: 'events, one small venue', as: 'staff', route: (ctx) => `/api/admin/events?limit=50&venue=${ctx.venue.id}` },
      { name: 'events, its venue manager', as: 'venueManager', route: () => '/api/admin/events?limit=50' },
    ],
  },
  getGuestList: {
    cases: [
      {
        name: "a night's guest list",
        as: 'staff',
        route: (ctx) => `/api/admin/events/${ctx.event.id}/nights/${ctx.event.night}/guest-list`,
      },
    ],
  },
  getNoShowRule: { cases: [{ name: 'no-show rule', as: 'staff', route: () => '/api/admin/guest-list-rule' }] },
  getGuestListNights: {
    cases: [{ name: "tonight's guest lists on the overview", as: 'staff', route: () => '/api/admin/guest-lists/tonight' }],
  },
  findDoorGuests: {
    cases: [{ name: 'guest list search at the door', as: 'staff', route: () => `/api/door/guest-list?q=${q('Okafor')}` }],
  },
  getDoorData: {
    cases: [
      { name: "tonight's door data (offline door mode)", as: 'staff', route: () => '/api/door/data' },
      {
        name: "…what changed since (a door's poll)",
        as: 'staff',
        route: (ctx) => `/api/door/data?since=${q(ctx.doorDataVersion)}`,
      },
    ],
  },
  listDoorConflicts: { cases: [{ name: "tonight's door conflicts", as: 'staff', route: () => '/api/door/conflicts' }] },
  exportMembers: {
    cases: [
      {
        name: 'members export (CSV of every member)',
        as: 'staff',
        route: () => '/api/admin/members/export',
        accept: [200, 429],
        stream: true,
      },
    ],
  },
  exportAuditLog: {
    cases: [
      { name: 'audit log export (CSV)', as: 'staff', route: () => '/api/admin/audit/export', accept: [200, 429], stream: true },
    ],
  },

  // The door's checks (a POST that reads): the everyday member's card, scanned and typed.
  checkAtDoor: {
    cases: [
      {
        name: 'door check, a card scanned',
        as: 'staff',
        method: 'POST',
        route: () => '/api/door/check',
        body: (ctx) => ({ text: ctx.card.qrPayload, method: 'scan' }),
      },
      {
        name: 'door check, a card typed',
        as: 'staff',
        method: 'POST',
        route: () => '/api/door/check',
        body: (ctx) => ({ text: ctx.card.shortCode, method: 'typed' }),
      },
    ],
  },

  // Members' screens.
  getMe: { cases: [{ name: 'me', as: 'member', route: () => '/api/auth/me' }] },
  listNews: { cases: [{ name: 'news feed', as: 'member', route: () => '/api/news' }] },
  listPostComments: {
    cases: [{ name: 'popular post comments', as: 'member', route: (ctx) => `/api/news/${ctx.popularPost}/comments` }],
  },
  getCommentRewards: { cases: [{ name: 'comment rewards', as: 'member', route: () => '/api/news/comment-rewards' }] },
  listCoupons: {
    cases: [
      { name: 'coupons', as: 'member', route: () => '/api/coupons' },
      { name: 'available coupons, heavy member', as: 'heavy', route: () => '/api/coupons' },
    ],
  },
  listMyCoupons: { cases: [{ name: 'my coupons, heavy member', as: 'heavy', route: () => '/api/coupons/my' }] },
  listPointHistory: { cases: [{ name: 'points history, heavy member', as: 'heavy', route: () => '/api/points/history' }] },
  getMyCard: { cases: [{ name: 'my card', as: 'member', route: () => '/api/auth/me/card' }] },
  getMyTier: { cases: [{ name: 'my tier, heavy member', as: 'heavy', route: () => '/api/auth/me/tier' }] },
  getMyReferrals: { cases: [{ name: 'my referrals, heavy member', as: 'heavy', route: () => '/api/referrals' }] },
  getMyBirthday: { cases: [{ name: 'my birthday', as: 'member', route: () => '/api/auth/me/birthday' }] },
  getMyConsent: { cases: [{ name: 'my consent', as: 'member', route: () => '/api/auth/me/consent' }] },
  getSecondFactors: { cases: [{ name: 'my second factors (staff)', as: 'staff', route: () => '/api/auth/2fa' }] },
  getPromotionTonight: { cases: [{ name: 'promotion tonight', as: 'member', route: () => '/api/promotions/tonight' }] },
  getWalletSettings: { cases: [{ name: 'wallet settings', as: 'member', route: () => '/api/wallet' }] },
  getMyGuestLists: { cases: [{ name: 'my guest lists', as: 'member', route: () => '/api/auth/me/guest-lists' }] },
  exportMyData: {
    cases: [
      { name: 'my data export, heavy member', as: 'heavy', route: () => '/api/auth/me/export', accept: [200, 429], stream: true },
    ],
  },

  // The public site.
  getVenue: { cases: [{ name: 'venue', as: 'anyone', route: () => '/api/venue' }] },
  listVenues: { cases: [{ name: 'venues', as: 'anyone', route: () => '/api/venues' }] },
  listWhatsOn: {
    cases: [
      { name: "what's on", as: 'anyone', route: () => '/api/events' },
      { name: "what's on at one venue", as: 'anyone', route: () => '/api/events?venue=1' },
    ],
  },
  getEventNight: { cases: [{ name: 'an event night', as: 'anyone', route: (ctx) => `/api/events/${ctx.event.slug}` }] },
  getEventCalendar: {
    cases: [{ name: "an event night's calendar entry", as: 'anyone', route: (ctx) => `/api/events/${ctx.event.slug}/calendar` }],
  },
  getBookingAvailability: {
    cases: [
      { name: 'booking availability', as: 'anyone', route: () => '/api/bookings/availability' },
      {
        name: 'booking availability, another venue',
        as: 'anyone',
        route: (ctx) => `/api/bookings/availability?venue=${ctx.venue.slug}`,
      },
    ],
  },
  getBookingCancellation: {
    cases: [
      {
        name: "a guest's cancel link",
        as: 'anyone',
        route: (ctx) => `/api/bookings/${ctx.booking.id}/cancellation?token=${q(ctx.booking.token)}`,
      },
    ],
  },
  healthLive: { cases: [{ name: 'health, live', as: 'anyone', route: () => '/health/live' }] },
  healthReady: { cases: [{ name: 'health, ready', as: 'anyone', route: () => '/health/ready' }] },
  scrapeMetrics: { cases: [{ name: 'metrics scrape', as: 'anyone', route: () => '/metrics' }] },
  getOpenApiDocument: { cases: [{ name: 'OpenAPI document', as: 'anyone', route: () => '/api/openapi.json' }] },

  // No case, and why.
  getApiDocs: { skip: 'a static page (Swagger UI), the same bytes at any size of data' },
  getApiDocsAsset: { skip: 'static files of Swagger UI, the same bytes at any size of data' },
  getApiDocsScript: { skip: 'a static script, the same bytes at any size of data' },
  getMedia: { skip: 'an uploaded file read from storage (S3 or disk), not from the database' },
  getCardApplePass: {
    skip: 'Apple Wallet is off without signing keys on the bench; the pass carries getMyCard’s data, measured',
  },
  getCouponApplePass: { skip: 'Apple Wallet is off without signing keys on the bench; a coupon pass reads one claimed coupon' },
  getCardGoogleWalletLink: {
    skip: 'Google Wallet is off without a service account on the bench; the link carries getMyCard’s data',
  },
  getCouponGoogleWalletLink: { skip: 'Google Wallet is off without a service account on the bench; one claimed coupon' },
  getEventApplePass: {
    skip: 'Apple Wallet is off without signing keys on the bench; the pass carries getEventNight’s data, measured',
  },
  getEventGoogleWalletLink: {
    skip: 'Google Wallet is off without a service account on the bench; the link carries getEventNight’s data, measured',
  },
  getLatestApplePass: { skip: "Apple's PassKit web service: off without Wallet keys; one pass by its serial number" },
  listUpdatedApplePasses: { skip: "Apple's PassKit web service: off without Wallet keys; one device's registrations" },
};

/** Every case of the list, in order, each with the endpoint it measures. */
export function scaleCases() {
  return Object.entries(SCALE_CASES).flatMap(([endpoint, entry]) =>
    'cases' in entry ? entry.cases.map((c) => ({ endpoint, ...c })) : [],
  );
}
