/**
 * Query keys that more than one feature touches: a comment changes the member's points (me) and
 * history; a claim changes my coupons, points and history. Features never import each other, so
 * the keys they share live here.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  pointsHistory: ['points', 'history'] as const,
  news: ['news'] as const,
  comments: (postId: string) => ['news', postId, 'comments'] as const,
  coupons: ['coupons'] as const,
  myCoupons: ['coupons', 'my'] as const,
  adminCoupons: ['admin', 'coupons'] as const,
  adminUsers: ['admin', 'users'] as const,
  adminScans: ['admin', 'scans'] as const,
};
