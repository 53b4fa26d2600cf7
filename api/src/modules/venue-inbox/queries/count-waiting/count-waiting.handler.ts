import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { InboxCounts } from '@nocturne/contracts';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { CountWaitingQuery } from './count-waiting.query.js';

/** What waits for staff, for the inbox tabs' badges: new messages and unanswered booking requests. */
@QueryHandler(CountWaitingQuery)
export class CountWaitingHandler implements IQueryHandler<CountWaitingQuery, InboxCounts> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
  ) {}

  execute(): Promise<InboxCounts> {
    return this.inbox.countWaiting(this.em);
  }
}
