import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '../../auth-failure.js';
import { MEMBER_COLUMNS, type MemberRow, userFromRow } from '../../user-view.js';
import { UpdateProfileCommand } from './update-profile.command.js';

/**
 * The member's own names. The `members_names_versions` trigger bumps the `member_names` scope in
 * the same transaction, so comment lists (which show names) stop answering 304.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, User> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ memberId, input }: UpdateProfileCommand): Promise<User> {
    return this.unitOfWork.run(async (tx) => {
      const rows = await tx.execute<MemberRow[]>(
        `update members set first_name = ?, last_name = ?, updated_at = now() where id = ? returning ${MEMBER_COLUMNS}`,
        [input.firstName, input.lastName, memberId],
      );
      if (!rows[0]) throw new AuthFailure('unauthorized', 'Please sign in again.');
      return userFromRow(rows[0]);
    });
  }
}
