import { Command } from '@nestjs/cqrs';
import type { NewsLikeResponse } from '@nocturne/contracts';

/** Like (`liked: true`) or unlike a post; repeating either changes nothing. */
export class SetPostLikeCommand extends Command<NewsLikeResponse> {
  constructor(
    readonly memberId: string,
    readonly postId: string,
    readonly liked: boolean,
  ) {
    super();
  }
}
