import type { AdminComment } from '@nocturne/contracts';
import { COMMENT_REMOVED_BY_STAFF } from '@nocturne/domain';
import { countOf } from '@/lib/format';

/**
 * What removing the comment costs its author, as the ledger will do it (ARCHITECTURE.md, ledger
 * invariant 10): the reward leaves total earned in full, the balance only as far as it goes.
 */
export function removalConsequence({ pointsAwarded, author }: Pick<AdminComment, 'pointsAwarded' | 'author'>): string {
  if (pointsAwarded <= 0) return 'It earned no points, so no points change.';
  const taken = Math.min(pointsAwarded, Math.max(author.currentPoints, 0));
  const earned = countOf(pointsAwarded, 'point');
  if (taken === pointsAwarded) {
    return `${author.name} loses the ${earned} it earned ("${COMMENT_REMOVED_BY_STAFF}" in their points history); their tier can drop.`;
  }
  const spent = `${author.name} has already spent ${taken === 0 ? 'them all' : `all but ${taken}`}`;
  return (
    `It earned ${earned}. ${spent}, so they lose ${countOf(taken, 'point')} (a balance never goes below zero); ` +
    `their total earned still drops by ${pointsAwarded}, and their tier can drop.`
  );
}
