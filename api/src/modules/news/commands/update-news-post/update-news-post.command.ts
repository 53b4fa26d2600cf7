import { Command } from '@nestjs/cqrs';
import type { NewsPost, UpdateNewsPostRequest } from '@nocturne/contracts';

/** An admin edits a post: only the fields given change. */
export class UpdateNewsPostCommand extends Command<NewsPost> {
  constructor(
    readonly postId: string,
    readonly changes: UpdateNewsPostRequest,
    /** The staffer editing (an account of some venues edits only their posts). */
    readonly staffId: string,
  ) {
    super();
  }
}
