/** Staff may undo a redemption (the wrong coupon was scanned) for this long after it. */
export const REDEMPTION_UNDO_MINUTES = 15;

/** The last instant a redemption made at `redeemedAt` can be undone. */
export function redemptionUndoDeadline(redeemedAt: Date): Date {
  return new Date(redeemedAt.getTime() + REDEMPTION_UNDO_MINUTES * 60_000);
}
