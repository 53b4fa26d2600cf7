import { Command } from '@nestjs/cqrs';
import type { CreateNewsPostRequest, NewsPost } from '@nocturne/contracts';

export class CreateNewsPostCommand extends Command<NewsPost> {
  constructor(
    readonly authorId: string,
    readonly input: CreateNewsPostRequest,
  ) {
    super();
  }
}
