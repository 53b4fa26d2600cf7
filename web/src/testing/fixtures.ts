import type {
  ActiveCampaignStatus,
  AdminComment,
  AdminCoupon,
  AdminMemberView,
  AdminOverview,
  AdminStats,
  ClubNightFigures,
  AdminUser,
  AvailableCoupon,
  BookingView,
  ContactMessageView,
  CouponDetails,
  NewsPost,
  QrScanEntry,
  StaffMember,
  SyncJobStatus,
  User,
  UserCoupon,
} from '@nocturne/contracts';

/**
 * Typed answers of the api for web tests: each builder gives a valid value of its contract type,
 * and a test overrides only what it is about. A renamed or retyped field fails here, at compile
 * time, instead of in a screen that silently reads undefined.
 */

export const MEMBER_ID = '8d0f6a2e-5c1b-4e8a-9f3d-2b7c6e1a0f99';
export const COUPON_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const USER_COUPON_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const aMember = (overrides: Partial<User> = {}): User => ({
  id: MEMBER_ID,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'member',
  isAdmin: false,
  currentPoints: 50,
  totalPoints: 50,
  memberTier: 'bronze',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const anAdmin = (overrides: Partial<User> = {}): User =>
  aMember({ firstName: 'Alex', role: 'admin', isAdmin: true, email: 'alex@example.com', ...overrides });

/** A staff account as the Staff screen lists it: door staff who signed in once, unless a test says otherwise. */
export const aStaffMember = (overrides: Partial<StaffMember> = {}): StaffMember => ({
  id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Reyes',
  role: 'door',
  lastSignInAt: '2026-11-21T12:41:00.000Z',
  disabledAt: null,
  invited: false,
  hasSecondFactor: false,
  ...overrides,
});

/** A member as the admin's member table lists them. */
export const anAdminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  ...aMember(),
  acSyncedAt: null,
  acSyncError: null,
  disabledAt: null,
  ...overrides,
});

/** One member's admin view: a welcome bonus, one claimed coupon, no scans, unless a test says otherwise. */
export const anAdminMemberView = (
  member: Partial<AdminMemberView['member']> = {},
  overrides: Partial<Omit<AdminMemberView, 'member'>> = {},
): AdminMemberView => ({
  member: { ...anAdminUser(), lastSignInAt: '2026-11-20T10:30:00.000Z', disabledBy: null, ...member },
  pointsHistory: {
    total: 1,
    entries: [
      {
        id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        description: 'Welcome bonus',
        points: 20,
        kind: 'welcome_bonus',
        createdAt: '2026-01-01T00:00:00.000Z',
        multiplier: null,
        recordedBy: null,
      },
    ],
  },
  coupons: {
    total: 1,
    entries: [
      {
        id: USER_COUPON_ID,
        couponId: COUPON_ID,
        code: 'DRINK50',
        title: 'Half-price cocktail',
        type: 'percentage',
        value: 50,
        claimedAt: '2026-11-02T11:00:00.000Z',
        redeemedAt: null,
        redeemedBy: null,
        validatedAt: null,
        validUntil: null,
        state: 'claimed',
        redemptionUndoneAt: null,
      },
    ],
  },
  scans: [],
  ...overrides,
});

export const aCouponDetails = (overrides: Partial<CouponDetails> = {}): CouponDetails => ({
  id: COUPON_ID,
  code: 'DRINK50',
  title: 'Half-price cocktail',
  description: 'Any cocktail, half price.',
  type: 'percentage',
  value: 50,
  pointsCost: 40,
  requiredTier: 'bronze',
  maxUses: null,
  perMemberLimit: 1,
  validUntil: null,
  isActive: true,
  ...overrides,
});

/** A coupon as the admin's list shows it, with its counts. */
export const anAdminCoupon = (overrides: Partial<AdminCoupon> = {}): AdminCoupon => ({
  ...aCouponDetails(),
  archivedAt: null,
  claimedCount: 7,
  redeemedCount: 3,
  remaining: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

/** A coupon on offer to the member: claimable unless the test says why not. */
export const anAvailableCoupon = (overrides: Partial<AvailableCoupon> = {}): AvailableCoupon => ({
  ...aCouponDetails(),
  claimable: true,
  ...overrides,
});

/** A coupon the member holds. */
export const aUserCoupon = (overrides: Partial<UserCoupon> = {}): UserCoupon => ({
  id: USER_COUPON_ID,
  couponId: COUPON_ID,
  claimedAt: '2026-11-21T10:00:00.000Z',
  redeemedAt: null,
  validatedAt: null,
  redeemedBy: null,
  qrCode: 'token-123',
  shortCode: 'K7QM-3XPD-2A9',
  coupon: aCouponDetails(),
  ...overrides,
});

/** One line of the door's scan log: by default an accepted redemption by QR. */
export const aScan = (overrides: Partial<QrScanEntry> = {}): QrScanEntry => ({
  id: '1',
  at: new Date().toISOString(),
  adminId: null,
  adminName: 'Alex',
  userCouponId: USER_COUPON_ID,
  scannedId: USER_COUPON_ID,
  method: 'qr',
  action: 'redeem',
  result: 'accepted',
  reason: 'Redeemed Half-price cocktail for Ann',
  couponCode: 'DRINK50',
  memberName: 'Ann Lee',
  undoableUntil: null,
  ...overrides,
});

export const aBooking = (overrides: Partial<BookingView> = {}): BookingView => ({
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Sam Guest',
  email: 'sam@example.com',
  phone: '0400 000 000',
  date: '2026-12-05',
  time: '22:00',
  guests: '6+',
  service: 'birthday',
  message: 'A birthday for six.',
  status: 'requested',
  statusNote: null,
  statusChangedAt: null,
  decidedBy: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  venue: { id: 1, name: 'Nocturne' },
  deliveries: [
    { kind: 'venue-notification', recipient: 'venue', state: 'failed', attempts: 8, lastError: 'SMTP down', sentAt: null },
    {
      kind: 'guest-acknowledgement',
      recipient: 'sam@example.com',
      state: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: '2026-11-21T10:00:05.000Z',
    },
  ],
  ...overrides,
});

export const aContactMessage = (overrides: Partial<ContactMessageView> = {}): ContactMessageView => ({
  id: '88888888-8888-4888-8888-888888888888',
  name: 'Jo Visitor',
  email: 'jo@example.com',
  phone: null,
  message: 'Do you have a dress code?',
  isSpam: false,
  state: 'new',
  handledBy: null,
  handledAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  venue: { id: 1, name: 'Nocturne' },
  deliveries: [
    {
      kind: 'venue-notification',
      recipient: 'venue',
      state: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: '2026-11-21T10:00:01.000Z',
    },
  ],
  ...overrides,
});

export const anActiveCampaignStatus = (overrides: Partial<ActiveCampaignStatus> = {}): ActiveCampaignStatus => ({
  configured: true,
  connection: { state: 'connected', lastAnsweredAt: '2026-11-21T09:58:00.000Z', unreachableSince: null, reason: null },
  missingVariables: [],
  accountUrl: 'https://venue.api-us1.com',
  listId: null,
  customFields: { tier: false, points: false },
  autoSync: true,
  lastSyncAt: null,
  pending: 3,
  pendingCapped: false,
  failed: 1,
  runningJobId: null,
  ...overrides,
});

export const aSyncJob = (overrides: Partial<SyncJobStatus> = {}): SyncJobStatus => ({
  jobId: '77777777-7777-4777-8777-777777777777',
  state: 'running',
  total: 4,
  synced: 0,
  failed: 0,
  percent: 0,
  startedAt: '2026-11-21T10:00:00.000Z',
  finishedAt: null,
  paused: null,
  ...overrides,
});

export const someAdminStats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  members: 12,
  admins: 1,
  newMembersThisWeek: 2,
  newsPosts: 4,
  activeCoupons: 3,
  couponsClaimed: 9,
  couponsRedeemed: 5,
  pendingBookings: 1,
  contactMessagesThisWeek: 0,
  outboxWaiting: 0,
  ...overrides,
});

export const aNewsPost = (overrides: Partial<NewsPost> = {}): NewsPost => ({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  title: 'Friday Night Lights',
  content: 'Doors at nine.',
  contentType: 'event',
  featuredImageUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  viewCount: 0,
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  ...overrides,
});

/** One club night's figures (Sydney summer: 06:00 is 19:00 UTC the day before). */
const aClubNight = (night: string, overrides: Partial<ClubNightFigures> = {}): ClubNightFigures => {
  const start = new Date(`${night}T06:00:00+11:00`);
  const labels = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const [, month, day] = night.split('-').map(Number) as [number, number, number];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return {
    night,
    label: `${labels[new Date(`${night}T12:00:00Z`).getUTCDay()]} ${day} ${months[month - 1]}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + 86_400_000).toISOString(),
    redemptions: 0,
    claims: 0,
    newMembers: 0,
    comments: 0,
    pointsIssued: 0,
    pointsSpent: 0,
    pointsWithdrawn: 0,
    ...overrides,
  };
};

/** The overview of the week ending Saturday 28 November 2026, shown as tonight. */
export const anAdminOverview = (overrides: Partial<AdminOverview> = {}): AdminOverview => {
  const nights = ['21', '22', '23', '24', '25', '26', '27', '28'].map((day, index) =>
    aClubNight(`2026-11-${day}`, { claims: index, redemptions: index > 0 ? index - 1 : 0, newMembers: 1, comments: 2 }),
  );
  nights[7] = { ...nights[7]!, redemptions: 12, claims: 17, newMembers: 4, comments: 9, pointsIssued: 125, pointsSpent: 340 };
  const tonight = nights[7]!;
  return {
    timeZone: 'Australia/Sydney',
    night: { night: tonight.night, label: tonight.label, start: tonight.start, end: tonight.end, isTonight: true },
    nights,
    now: { pendingBookings: 3, unreadMessages: 5, pointsOutstanding: 18_250, outboxWaiting: 0 },
    queues: {
      available: true,
      error: null,
      dashboardPath: '/admin/queues',
      queues: [
        { name: 'email', waiting: 0, active: 0, delayed: 0, failed: 2 },
        { name: 'activecampaign', waiting: 4, active: 1, delayed: 0, failed: 0 },
        { name: 'maintenance', waiting: 0, active: 0, delayed: 3, failed: 0 },
        { name: 'webhooks', waiting: 0, active: 0, delayed: 0, failed: 0 },
      ],
    },
    activeCampaign: {
      configured: false,
      lastSyncAt: null,
      failedContacts: 0,
      pendingContacts: 40,
      pendingCapped: false,
      lastError: null,
      lastJob: null,
    },
    ...overrides,
  };
};

/** A comment as the moderation screen lists it: visible, rewarded with 5 points. */
export const anAdminComment = (overrides: Partial<AdminComment> = {}): AdminComment => ({
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  content: 'Best night of the year!',
  createdAt: '2026-11-21T11:30:00.000Z',
  post: { id: aNewsPost().id, title: aNewsPost().title },
  author: { id: MEMBER_ID, name: 'Ann Lee', email: 'ann@example.com', currentPoints: 50 },
  pointsAwarded: 5,
  removed: null,
  ...overrides,
});
