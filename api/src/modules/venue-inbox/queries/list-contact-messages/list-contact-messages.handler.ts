import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ContactMessageView } from '@nocturne/contracts';
import { contactMessageView, deliveriesBySubject } from '../../venue-inbox-views.js';
import { VenueInboxRepository } from '../../venue-inbox.repository.js';
import { ListContactMessagesQuery } from './list-contact-messages.query.js';

/** The admin's contact inbox: newest first, each message with where its e-mail stands. */
@QueryHandler(ListContactMessagesQuery)
export class ListContactMessagesHandler implements IQueryHandler<ListContactMessagesQuery, ContactMessageView[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
  ) {}

  async execute({ page }: ListContactMessagesQuery): Promise<ContactMessageView[]> {
    const rows = await this.inbox.listContactMessages(this.em, page);
    const deliveries = deliveriesBySubject(
      await this.inbox.deliveriesOf(
        this.em,
        rows.map((row) => row.id),
      ),
    );
    return rows.map((row) => contactMessageView(row, deliveries));
  }
}
