import { Query } from '@nestjs/cqrs';
import type { WhatsOnResponse } from '@nocturne/contracts';

/** A published event's night (the one asked for, or its next) first, then its other coming nights. */
export class GetEventNightQuery extends Query<WhatsOnResponse> {
  constructor(
    readonly key: string,
    readonly night: string | undefined,
  ) {
    super();
  }
}
