import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

/**
 * Records the request when the account exists; the worker makes the one-time token and e-mails
 * it, so the token never passes through Redis and the answer is the same either way.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ email }: RequestPasswordResetCommand): Promise<void> {
    await this.unitOfWork.run(async (tx, raise) => {
      const member = (await tx.execute<{ id: string }[]>('select id from members where email = ? and deleted_at is null', [email]))[0];
      if (member) await raise(domainEvent('PasswordResetRequested', member.id, { memberId: member.id, requestId: randomUUID() }));
    });
  }
}
