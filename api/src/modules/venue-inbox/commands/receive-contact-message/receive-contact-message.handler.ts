import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { ReceiveContactMessageCommand } from './receive-contact-message.command.js';

/**
 * Stores the message, its pending e-mail to the inbox of the venue it names (none: the first open one) and the ContactMessageReceived event
 * in one transaction: if SMTP is away nothing is lost. A filled honeypot marks the message as
 * spam: it is kept for admins, flagged, and never e-mailed (the sender is not told).
 */
@CommandHandler(ReceiveContactMessageCommand)
export class ReceiveContactMessageHandler implements ICommandHandler<ReceiveContactMessageCommand, { id: string }> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ input, ip }: ReceiveContactMessageCommand): Promise<{ id: string }> {
    const isSpam = Boolean(input.website?.trim());
    const venue = await requestVenue(this.venues, input.venue);
    return this.unitOfWork.run(async (tx, raise) => {
      const id = await this.inbox.insertContactMessage(tx, {
        venue_id: venue.id,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        is_spam: isSpam,
        ip,
      });
      if (isSpam) return { id };
      await this.inbox.insertDelivery(tx, {
        subject_type: 'contact_message',
        subject_id: id,
        kind: 'venue-notification',
        recipient: venue.inboxEmail,
      });
      await raise(domainEvent('ContactMessageReceived', id, { contactMessageId: id }));
      return { id };
    });
  }
}
