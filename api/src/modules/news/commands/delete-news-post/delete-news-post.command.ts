import { Command } from '@nestjs/cqrs';
import type { DeleteNewsPostResponse } from '@nocturne/contracts';

/** An admin deletes a post with its comments, likes and views; members keep the points its comments earned. */
export class DeleteNewsPostCommand extends Command<DeleteNewsPostResponse> {
  constructor(
    readonly postId: string,
    /** The staffer deleting (an account of some venues deletes only their posts). */
    readonly staffId: string,
  ) {
    super();
  }
}
