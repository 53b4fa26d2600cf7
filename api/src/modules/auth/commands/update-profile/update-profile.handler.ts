import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '../../auth-failure.js';
import { AuthRepository } from '../../auth.repository.js';
import { userFromRow } from '../../user-view.js';
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
  ) {}

  async execute({ memberId, input }: UpdateProfileCommand): Promise<User> {
    return this.unitOfWork.run(async (tx) => {
      const row = await this.repository.updateNames(tx, memberId, input);
      if (!row) throw new AuthFailure(401, 'Please sign in again.');
      return userFromRow(row);
    });
  }
}
