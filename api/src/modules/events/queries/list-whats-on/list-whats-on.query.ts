import { Query } from '@nestjs/cqrs';
import type { WhatsOnResponse } from '@nocturne/contracts';

/** The coming nights of published events (What's on), of one venue given its slug or id. */
export class ListWhatsOnQuery extends Query<WhatsOnResponse> {
  constructor(readonly venue?: string) {
    super();
  }
}
