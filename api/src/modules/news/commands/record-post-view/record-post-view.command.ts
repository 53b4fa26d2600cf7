import { Command } from '@nestjs/cqrs';

/** A member opened a post's comments: counted once per member per post. */
export class RecordPostViewCommand extends Command<{ counted: boolean }> {
  constructor(
    readonly memberId: string,
    readonly postId: string,
  ) {
    super();
  }
}
