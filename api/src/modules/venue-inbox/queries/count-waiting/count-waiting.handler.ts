import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { InboxCounts } from '@nocturne/contracts';
import { staffInboxVenues } from '#modules/venue-inbox/staff-inbox-venues.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { CountWaitingQuery } from './count-waiting.query.js';

/**
 * What waits for staff, for the inbox tabs' badges: new messages and unanswered booking requests,
 * at the venue the switcher names, else at every venue the staffer works at (a group account or an
 * admin: the whole group's). Another's venue is refused in words (403).
 */
@QueryHandler(CountWaitingQuery)
export class CountWaitingHandler implements IQueryHandler<CountWaitingQuery, InboxCounts> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ staff, venue }: CountWaitingQuery): Promise<InboxCounts> {
    return this.inbox.countWaiting(
      this.em,
      await staffInboxVenues(this.em, { venues: this.venues, staffVenues: this.staffVenues }, staff, venue),
    );
  }
}
