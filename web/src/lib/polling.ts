/**
 * How often each screen asks "anything new?". Every polled GET is answered conditionally (ETag,
 * 304 without a database round trip), so a poll that finds nothing costs almost nothing. Polls
 * pause while the tab is hidden (TanStack Query's default) and run at once on focus and reconnect.
 */
export const POLL_MS = {
  /** The news feed and the coupons on offer. */
  feed: 30_000,
  /** The comments of the post a member has open. */
  comments: 10_000,
  /** The member's own points, history and coupons. */
  mine: 30_000,
  /** The admin's overview, inboxes, members, coupons and scan log. */
  admin: 20_000,
} as const;

export function polling(everyMs: number) {
  return {
    refetchInterval: everyMs,
    refetchIntervalInBackground: false,
    // A card shown again asks again: the members area fetches every tab's cards when it opens, so
    // a tab opened later would otherwise show that moment until the next poll.
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  } as const;
}
