import { Command } from '@nestjs/cqrs';
import type { PostCommentResponse } from '@nocturne/contracts';

export class PostCommentCommand extends Command<PostCommentResponse> {
  constructor(
    readonly memberId: string,
    readonly postId: string,
    /** Already trimmed and length-checked by the contract schema. */
    readonly content: string,
  ) {
    super();
  }
}
