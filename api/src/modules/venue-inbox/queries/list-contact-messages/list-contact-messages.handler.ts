import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ContactMessageList } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { contactMessageView, deliveriesBySubject, venueNames } from '#modules/venue-inbox/venue-inbox-views.js';
import { staffInboxVenues } from '#modules/venue-inbox/staff-inbox-venues.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { ListContactMessagesQuery } from './list-contact-messages.query.js';

/** The admin's contact inbox: newest first, a page at a time, each message with where its e-mail stands. */
@QueryHandler(ListContactMessagesQuery)
export class ListContactMessagesHandler implements IQueryHandler<ListContactMessagesQuery, ContactMessageList> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({
    page: { cursor, limit, state, includeSpam, venue },
    staff,
  }: ListContactMessagesQuery): Promise<ContactMessageList> {
    const after = keysetPageStart(cursor);
    // One venue's inbox when the switcher names one (archived ones too: their history), else every
    // venue the staffer works at (the group's for an admin or a group account).
    const venueIds = await staffInboxVenues(this.em, { venues: this.venues, staffVenues: this.staffVenues }, staff, venue);
    const { page, nextCursor } = keysetPage(
      await this.inbox.listContactMessages(this.em, { after, state, includeSpam, venueIds, limit: limit + 1 }),
      limit,
    );
    const deliveries = deliveriesBySubject(
      await this.inbox.deliveriesOf(
        this.em,
        page.map((row) => row.id),
      ),
    );
    const names = venueNames(await this.venues.all());
    return { messages: page.map((row) => contactMessageView(row, deliveries, names)), nextCursor };
  }
}
