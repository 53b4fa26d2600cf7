import { Query } from '@nestjs/cqrs';
import type { CommentRewardsTonight } from '@nocturne/contracts';

export class CommentRewardsTonightQuery extends Query<CommentRewardsTonight> {
  constructor(readonly memberId: string) {
    super();
  }
}
