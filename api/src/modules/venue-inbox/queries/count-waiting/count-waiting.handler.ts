import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { InboxCounts } from '@nocturne/contracts';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { VenueInboxFailure } from '#modules/venue-inbox/venue-inbox-failure.js';
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
    const scope = await this.staffVenues.scopeOf(this.em, staff);
    if (venue !== undefined) {
      const { id } = await requestVenue(this.venues, venue, { open: false });
      if (!StaffVenues.covers(scope, id)) throw new VenueInboxFailure('forbidden', await this.staffVenues.worksAtOnly(scope));
      return this.inbox.countWaiting(this.em, [id]);
    }
    return this.inbox.countWaiting(this.em, scope.all ? undefined : scope.venueIds);
  }
}
