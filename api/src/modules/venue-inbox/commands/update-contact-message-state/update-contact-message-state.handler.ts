import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { ContactMessageView } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { GetContactMessageQuery } from '#modules/venue-inbox/queries/get-contact-message/get-contact-message.query.js';
import { VenueInboxFailure } from '#modules/venue-inbox/venue-inbox-failure.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { UpdateContactMessageStateCommand } from './update-contact-message-state.command.js';

/**
 * Marks a contact message handled (recording the admin and the time) or reopens it as new.
 * Nothing is e-mailed, so asking for the state it already has is no error: it changes nothing,
 * and the admin who handled it first stays on record.
 */
@CommandHandler(UpdateContactMessageStateCommand)
export class UpdateContactMessageStateHandler implements ICommandHandler<UpdateContactMessageStateCommand, ContactMessageView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
    private readonly queries: QueryBus,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ messageId, input, adminId }: UpdateContactMessageStateCommand): Promise<ContactMessageView> {
    await this.unitOfWork.run(async (tx) => {
      const message = await this.inbox.lockContactMessage(tx, messageId);
      if (!message) throw new VenueInboxFailure('not_found', 'No such message');
      // A manager of some venues handles their messages only.
      await this.staffVenues.assertWorksAt(tx, adminId, message.venue_id);
      if (message.state === input.state) return;
      await this.inbox.setContactMessageState(tx, messageId, input.state, adminId);
    });
    const view = await this.queries.execute(new GetContactMessageQuery(messageId));
    if (!view) throw new VenueInboxFailure('not_found', 'No such message');
    return view;
  }
}
