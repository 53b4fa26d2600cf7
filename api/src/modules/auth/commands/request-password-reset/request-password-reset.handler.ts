import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { LIMITS, RateLimiter } from '#modules/auth/rate-limiter.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

/**
 * Records the request when the account exists; the worker makes the one-time token and e-mails
 * it, so the token never passes through Redis and the answer is the same either way. A member is
 * sent a few reset e-mails an hour at most, however many addresses ask (the answer does not say).
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: AuthRepository,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ email }: RequestPasswordResetCommand): Promise<void> {
    await this.unitOfWork.run(async (tx, raise) => {
      const memberId = await this.repository.findActiveMemberIdByEmail(tx, email);
      if (!memberId || !(await this.limiter.take(LIMITS.passwordResetEmailsPerMember, memberId))) return;
      await raise(domainEvent('PasswordResetRequested', memberId, { memberId, requestId: randomUUID() }));
    });
  }
}
