import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Query keys that more than one feature touches: a comment changes the member's points (me) and
 * history; a claim changes my coupons, points and history; every admin change moves a figure of
 * the overview (adminStats). Features never import each other, so the keys they share live here;
 * a key only one feature uses stays in that feature's api file.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  myConsent: ['auth', 'me', 'consent'] as const,
  /** The member's card (My card): saved on the device with their coupons, for the door without signal. */
  myCard: ['auth', 'me', 'card'] as const,
  pointsHistory: ['points', 'history'] as const,
  /** The member's tier card: benefits, the next tier's, points to it. */
  myTier: ['auth', 'me', 'tier'] as const,
  myBirthday: ['auth', 'me', 'birthday'] as const,
  myGuestLists: ['auth', 'me', 'guest-lists'] as const,
  myReferrals: ['referrals'] as const,
  /** What the member's next comment earns tonight. */
  commentRewards: ['news-comment-rewards'] as const,
  promotionTonight: ['promotions', 'tonight'] as const,
  /** Which wallets the server can add passes to (Apple, Google): the buttons show only for those. */
  walletSettings: ['wallet'] as const,
  /** The news feed (members and the admin's published posts read the same pages). */
  news: ['news'] as const,
  comments: (postId: string) => ['news', postId, 'comments'] as const,
  /** The coupons on offer; also the prefix of the member's own. */
  coupons: ['coupons'] as const,
  /**
   * The member's coupons, as pages (an infinite query). Not ['coupons', 'my']: devices saved the
   * whole-list answer under that key for offline use, and it must not be restored as pages.
   */
  myCoupons: ['coupons', 'my', 'pages'] as const,
  /**
   * Every figure of the overview (the counts, the nights, queue and sync health): the prefix of
   * each overview query, so invalidating it after an admin change refreshes all of them.
   */
  adminStats: ['admin', 'overview'] as const,
  adminCoupons: ['admin', 'coupons'] as const,
  adminUsers: ['admin', 'users'] as const,
  /** One member's admin view (profile, history, coupons, scans); the prefix of every member's. */
  adminMembers: ['admin', 'members'] as const,
  adminMember: (memberId: string) => ['admin', 'members', memberId] as const,
  adminScans: ['admin', 'scans'] as const,
  activeCampaignStatus: ['admin', 'integrations', 'activecampaign'] as const,
  /** New messages and unanswered bookings: the inbox tabs' counts. */
  adminInboxCounts: ['admin', 'inbox', 'counts'] as const,
  /** The venue's time zone (admin screens show its times). */
  venue: ['venue'] as const,
};

/** Marks each key's queries stale and refetches those on screen; resolves once they have. */
export function invalidate(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** What a redemption (or its undo) changes: the scan log, the coupon's counts and the overview's. */
export const REDEMPTION_KEYS = [
  queryKeys.adminScans,
  queryKeys.adminCoupons,
  queryKeys.adminStats,
  queryKeys.adminMembers,
] as const;
