/**
 * Anti-farming: a comment earns points only while the member has had fewer than `nightlyLimit`
 * rewarded comments this club night. Beyond that the comment is still posted, for 0 points.
 */
export function commentRewardPoints(rule: { rewardedTonight: number; nightlyLimit: number; pointsPerComment: number }): number {
  if (rule.pointsPerComment <= 0) return 0;
  return rule.rewardedTonight < rule.nightlyLimit ? rule.pointsPerComment : 0;
}
