import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { EnabledAdmins, SessionService } from '#modules/auth/auth.public.js';
import { isStaff } from '@nocturne/domain';
import {
  ACTOR_NO_LONGER_STAFF,
  MEMBER_NOT_FOUND,
  MembersFailure,
  ONLY_ADMINS_MANAGE_STAFF,
} from '#modules/members/members-failure.js';
import { AdminMemberRepository } from '#modules/members/admin-member.repository.js';
import { DisableMemberCommand } from './disable-member.command.js';

const CANNOT_DISABLE_SELF = 'You cannot disable your own account.';
const CANNOT_DISABLE_LAST_ADMIN = 'This is the last admin account: it cannot be disabled.';

/**
 * Disables an account: sign-in is refused with ACCOUNT_DISABLED and every session is revoked
 * in the same transaction (SessionService drops them from this replica's cache; the others drop them
 * when the commit's version notification arrives). Disabling a disabled account changes nothing.
 */
@CommandHandler(DisableMemberCommand)
export class DisableMemberHandler implements ICommandHandler<DisableMemberCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionService,
    private readonly repository: AdminMemberRepository,
    private readonly audit: AuditService,
    private readonly admins: EnabledAdmins,
  ) {}

  async execute({ memberId, adminId, adminRole }: DisableMemberCommand): Promise<SuccessResponse> {
    if (memberId === adminId) throw new MembersFailure('forbidden', CANNOT_DISABLE_SELF);
    return this.unitOfWork.run(async (tx, raise) => {
      // Admins first (in id order), then the member: every disable takes its locks in one order.
      const enabledAdmins = await this.admins.lock(tx);
      // An actor disabled or demoted by a request that committed while this one waited for the
      // locks can do this no more (of two admins disabling each other at once, one succeeds).
      if (!(adminRole === 'admin' ? enabledAdmins.includes(adminId) : await this.stillStaff(tx, adminId)))
        throw new MembersFailure('forbidden', ACTOR_NO_LONGER_STAFF);
      const member = await this.repository.lockMember(tx, memberId);
      if (!member) throw new MembersFailure('not_found', MEMBER_NOT_FOUND);
      if (isStaff(member.role) && adminRole !== 'admin') throw new MembersFailure('forbidden', ONLY_ADMINS_MANAGE_STAFF);
      if (member.disabled_at) return { success: true, message: `${member.first_name}'s account is already disabled.` };
      if (member.role === 'admin' && enabledAdmins.every((id) => id === memberId))
        throw new MembersFailure('conflict', CANNOT_DISABLE_LAST_ADMIN);
      await this.repository.setDisabled(tx, memberId, adminId);
      await this.sessions.revokeAllFor(tx, memberId);
      await this.audit.record(tx, {
        action: 'member.disable',
        targetType: 'member',
        targetId: memberId,
        before: { disabled: false },
        after: { disabled: true },
      });
      await raise(domainEvent('MemberDisabled', memberId, { memberId, adminId }));
      return { success: true, message: `${member.first_name}'s account is disabled and signed out everywhere.` };
    });
  }

  /** A manager acting: still enabled and on the staff (every disable holds the admins' locks, so this read is current). */
  private async stillStaff(tx: Parameters<AdminMemberRepository['lockMember']>[0], actorId: string): Promise<boolean> {
    const actor = await this.repository.lockMember(tx, actorId);
    return actor !== undefined && actor.disabled_at === null && isStaff(actor.role);
  }
}
