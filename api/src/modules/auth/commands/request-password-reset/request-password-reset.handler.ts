import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { AuthRepository } from '../../auth.repository.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

/**
 * Records the request when the account exists; the worker makes the one-time token and e-mails
 * it, so the token never passes through Redis and the answer is the same either way.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: AuthRepository,
  ) {}

  async execute({ email }: RequestPasswordResetCommand): Promise<void> {
    await this.unitOfWork.run(async (tx, raise) => {
      const memberId = await this.repository.findActiveMemberIdByEmail(tx, email);
      if (memberId) await raise(domainEvent('PasswordResetRequested', memberId, { memberId, requestId: randomUUID() }));
    });
  }
}
