import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { PasswordHasher } from '../../../auth/password-hasher.js';
import { SessionService } from '../../../auth/session.service.js';
import { DeleteMyAccountCommand } from './delete-my-account.command.js';
import { MembersFailure } from '../../members-failure.js';

export const WRONG_PASSWORD_MESSAGE = 'That password is not right, so your account was not deleted.';

/**
 * Australian Privacy Principle 13 and the member's own wish: the account is emptied of personal
 * data in one transaction. The members row stays as an anonymous holder of its ledger rows
 * (append-only; `ledger:verify` and the venue's figures stay true) and of claimed coupons'
 * counts; names, e-mail, password, sessions (with their addresses), reset tokens and comment
 * texts go. The ActiveCampaign contact is removed by the worker (MemberDeleted → delete-contact).
 */
@CommandHandler(DeleteMyAccountCommand)
export class DeleteMyAccountHandler implements ICommandHandler<DeleteMyAccountCommand, void> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async execute({ memberId, password }: DeleteMyAccountCommand): Promise<void> {
    const [member] = await this.em.execute<{ password_hash: string }[]>(
      'select password_hash from members where id = ? and deleted_at is null',
      [memberId],
    );
    if (!member || !(await this.hasher.verify(password, member.password_hash))) throw new MembersFailure('invalid', WRONG_PASSWORD_MESSAGE);
    await this.unitOfWork.run(async (tx, raise) => {
      // The row lock makes a second, concurrent deletion find deleted_at set and do nothing.
      const [erased] = await tx.execute<{ ac_contact_id: string | null }[]>(
        `update members m set email = 'deleted-' || m.id || '@deleted.invalid', first_name = 'Deleted member', last_name = null,
                password_hash = '!deleted', is_admin = false, ac_contact_id = null, ac_synced_at = null, ac_sync_error = null,
                last_sign_in_at = null, deleted_at = now(), updated_at = now()
           from (select id, ac_contact_id from members where id = ? and deleted_at is null for update) old
          where m.id = old.id returning old.ac_contact_id`,
        [memberId],
      );
      if (!erased) return;
      const removed = await tx.execute<{ post_id: string }[]>(
        `update news_comments set content = '', deleted_at = now() where author_id = ? and deleted_at is null returning post_id`,
        [memberId],
      );
      for (const { post_id } of removed) await tx.execute('update news_posts set comment_count = comment_count - 1 where id = ?', [post_id]);
      // Comments an admin removed earlier keep no text either.
      await tx.execute("update news_comments set content = '' where author_id = ?", [memberId]);
      await tx.execute('delete from password_reset_tokens where member_id = ?', [memberId]);
      await this.sessions.revokeAllFor(tx, memberId);
      await tx.execute('delete from sessions where member_id = ?', [memberId]);
      await raise(domainEvent('MemberDeleted', memberId, { memberId, acContactId: erased.ac_contact_id }));
    });
  }
}
