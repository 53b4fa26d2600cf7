import { Command } from '@nestjs/cqrs';
import type { DeleteCommentResponse } from '@nocturne/contracts';

/** An admin removes a comment; the points it earned are reversed. */
export class DeleteCommentCommand extends Command<DeleteCommentResponse> {
  constructor(
    readonly adminId: string,
    readonly commentId: string,
  ) {
    super();
  }
}
