import { Command } from '@nestjs/cqrs';
import type { AnnounceEventResponse } from '@nocturne/contracts';

/** A manager announces a published event: the news module publishes a post of type event linking to its page. */
export class AnnounceEventCommand extends Command<AnnounceEventResponse> {
  constructor(
    readonly id: string,
    readonly managerId: string,
  ) {
    super();
  }
}
