import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ACCOUNT_NOT_DELETED_WRONG_PASSWORD } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { EnabledAdmins, PasswordHasher, SessionService } from '#modules/auth/auth.public.js';
import { ScanLogErasure } from '#modules/coupons/coupons.public.js';
import { LedgerService } from '#modules/ledger/ledger.public.js';
import { RecipientErasure } from '#modules/venue-inbox/venue-inbox.public.js';
import { MailSpool } from '#modules/members/mail-spool.js';
import { MemberCommentsService } from '#modules/news/news.public.js';
import { WalletErasure } from '#modules/wallet/wallet.public.js';
import { AccountErasureRepository } from '#modules/members/account-erasure.repository.js';
import { DeleteMyAccountCommand } from './delete-my-account.command.js';
import { LAST_ADMIN_CANNOT_LEAVE, MembersFailure } from '#modules/members/members-failure.js';

/**
 * Australian Privacy Principle 13 and the member's own wish: the account is emptied of personal
 * data in one transaction. The members row stays as an anonymous holder of its ledger rows
 * (append-only; `ledger:verify` and the venue's figures stay true) and of claimed coupons'
 * counts; names, e-mail, password, sessions (with their addresses), reset tokens, comment texts
 * and the booking requests and contact messages sent with their e-mail go, and so do their
 * copies: names in door scan lines, the address in the e-mail log and
 * in spooled .eml files, the free-text reasons of point adjustments, wallet passes and their
 * devices' registrations. The ActiveCampaign contact is removed by the worker (MemberDeleted → delete-contact).
 */
@CommandHandler(DeleteMyAccountCommand)
export class DeleteMyAccountHandler implements ICommandHandler<DeleteMyAccountCommand, void> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly comments: MemberCommentsService,
    private readonly repository: AccountErasureRepository,
    private readonly scans: ScanLogErasure,
    private readonly recipients: RecipientErasure,
    private readonly ledger: LedgerService,
    private readonly spool: MailSpool,
    private readonly wallet: WalletErasure,
    private readonly admins: EnabledAdmins,
  ) {}

  async execute({ memberId, password }: DeleteMyAccountCommand): Promise<void> {
    const member = await this.repository.findPasswordHash(this.em, memberId);
    if (!member || !(await this.hasher.verify(password, member.password_hash)))
      throw new MembersFailure('invalid', ACCOUNT_NOT_DELETED_WRONG_PASSWORD);
    let erasedEmail: string | undefined;
    await this.unitOfWork.run(async (tx, raise) => {
      // The venue keeps an admin: the admins' locks first, as every change that could leave none takes them.
      const enabledAdmins = await this.admins.lock(tx);
      if (enabledAdmins.length === 1 && enabledAdmins[0] === memberId)
        throw new MembersFailure('conflict', LAST_ADMIN_CANNOT_LEAVE);
      // The row lock makes a second, concurrent deletion find deleted_at set and do nothing.
      const erased = await this.repository.eraseMember(tx, memberId);
      if (!erased) return;
      erasedEmail = erased.email;
      await this.comments.eraseAllOf(tx, memberId);
      await this.sessions.eraseAllFor(tx, memberId);
      // The copies of the e-mail and names elsewhere (security review M4): door lines, the e-mail
      // log, the reasons staff gave for adjustments.
      await this.scans.forgetNames(tx, memberId, [erased.first_name, erased.last_name]);
      await this.recipients.forgetRecipient(tx, erased.email, erased.placeholder);
      await this.recipients.eraseRequestsOf(tx, erased.email);
      await this.ledger.eraseAdjustmentReasons(tx, memberId);
      // Wallet passes and the devices registered for them (device ids, push tokens).
      await this.wallet.forgetMember(tx, memberId);
      await raise(domainEvent('MemberDeleted', memberId, { memberId, acContactId: erased.ac_contact_id }));
    });
    // Development's .eml files, once the erasure has committed.
    if (erasedEmail) await this.spool.forget(erasedEmail);
  }
}
