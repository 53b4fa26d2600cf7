import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ContactMessageView } from '@nocturne/contracts';
import { contactMessageView, deliveriesBySubject, venueNames } from '#modules/venue-inbox/venue-inbox-views.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { GetContactMessageQuery } from './get-contact-message.query.js';

/** One contact message as the inbox shows it (spam included), or undefined when there is no such message. */
@QueryHandler(GetContactMessageQuery)
export class GetContactMessageHandler implements IQueryHandler<GetContactMessageQuery, ContactMessageView | undefined> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ messageId }: GetContactMessageQuery): Promise<ContactMessageView | undefined> {
    const [row] = await this.inbox.listContactMessages(this.em, { id: messageId, includeSpam: true, limit: 1 });
    if (!row) return undefined;
    const deliveries = deliveriesBySubject(await this.inbox.deliveriesOf(this.em, [row.id]));
    return contactMessageView(row, deliveries, venueNames(await this.venues.all()));
  }
}
