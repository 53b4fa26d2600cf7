import { Command } from '@nestjs/cqrs';
import type { NewsPost, UpdateNewsPostRequest } from '@nocturne/contracts';

/** An admin edits a post: only the fields given change. */
export class UpdateNewsPostCommand extends Command<NewsPost> {
  constructor(
    readonly postId: string,
    readonly changes: UpdateNewsPostRequest,
  ) {
    super();
  }
}
