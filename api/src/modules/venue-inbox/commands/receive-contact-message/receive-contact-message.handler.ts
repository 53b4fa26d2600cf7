import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { ReceiveContactMessageCommand } from './receive-contact-message.command.js';

/**
 * Stores the message, its pending e-mail to the venue inbox and the ContactMessageReceived event
 * in one transaction: if SMTP is away nothing is lost. A filled honeypot marks the message as
 * spam: it is kept for admins, flagged, and never e-mailed (the sender is not told).
 */
@CommandHandler(ReceiveContactMessageCommand)
export class ReceiveContactMessageHandler implements ICommandHandler<ReceiveContactMessageCommand, { id: string }> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ input, ip }: ReceiveContactMessageCommand): Promise<{ id: string }> {
    const isSpam = Boolean(input.website?.trim());
    return this.unitOfWork.run(async (tx, raise) => {
      const [row] = await tx.execute<{ id: string }[]>(
        'insert into contact_messages (name, email, phone, message, is_spam, ip) values (?, ?, ?, ?, ?, ?) returning id',
        [input.name, input.email, input.phone ?? null, input.message, isSpam, ip],
      );
      const id = row!.id;
      if (isSpam) return { id };
      await tx.execute(
        "insert into email_deliveries (subject_type, subject_id, kind, recipient) values ('contact_message', ?, 'venue-notification', ?)",
        [id, this.config.VENUE_INBOX],
      );
      await raise(domainEvent('ContactMessageReceived', id, { contactMessageId: id }));
      return { id };
    });
  }
}
