import { commentRewardPoints } from './comment-reward.rule.js';

describe('commentRewardPoints', () => {
  const rule = { nightlyLimit: 10, pointsPerComment: 5 };

  it('rewards comments up to the nightly limit', () => {
    expect(commentRewardPoints({ ...rule, rewardedTonight: 0 })).toBe(5);
    expect(commentRewardPoints({ ...rule, rewardedTonight: 9 })).toBe(5);
  });

  it('rewards nothing once the limit is reached', () => {
    expect(commentRewardPoints({ ...rule, rewardedTonight: 10 })).toBe(0);
    expect(commentRewardPoints({ ...rule, rewardedTonight: 11 })).toBe(0);
  });

  it('rewards nothing when rewards are switched off', () => {
    expect(commentRewardPoints({ ...rule, nightlyLimit: 0, rewardedTonight: 0 })).toBe(0);
    expect(commentRewardPoints({ ...rule, pointsPerComment: 0, rewardedTonight: 0 })).toBe(0);
  });
});
