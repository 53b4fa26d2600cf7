import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '#modules/auth/auth-failure.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { SessionService } from '#modules/auth/session.service.js';
import { userFromRow } from '#modules/auth/user-view.js';
import { UpdateProfileCommand } from './update-profile.command.js';

/**
 * The member's own names. The `members_names_versions` trigger bumps the `member_names` scope in
 * the same transaction, so comment lists (which show names) stop answering 304.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, User> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: AuthRepository,
    private readonly sessions: SessionService,
  ) {}

  async execute({ memberId, input }: UpdateProfileCommand): Promise<User> {
    const user = await this.unitOfWork.run(async (tx) => {
      const row = await this.repository.updateNames(tx, memberId, input);
      if (!row) throw new AuthFailure('unauthorized', 'Please sign in again.');
      return userFromRow(row);
    });
    // GET /auth/me right after answers the new names (the cached session would hold the old ones
    // until the version notification arrives).
    this.sessions.forgetMember(memberId);
    return user;
  }
}
