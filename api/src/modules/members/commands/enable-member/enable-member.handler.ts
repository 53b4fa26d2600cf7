import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { isStaff } from '@nocturne/domain';
import { MEMBER_NOT_FOUND, MembersFailure, ONLY_ADMINS_MANAGE_STAFF } from '#modules/members/members-failure.js';
import { AdminMemberRepository } from '#modules/members/admin-member.repository.js';
import { EnableMemberCommand } from './enable-member.command.js';

/** Enables a disabled account: the member signs in again with their password (sessions ended by the disable stay ended). */
@CommandHandler(EnableMemberCommand)
export class EnableMemberHandler implements ICommandHandler<EnableMemberCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: AdminMemberRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ memberId, adminId, adminRole }: EnableMemberCommand): Promise<SuccessResponse> {
    return this.unitOfWork.run(async (tx, raise) => {
      const member = await this.repository.lockMember(tx, memberId);
      if (!member) throw new MembersFailure('not_found', MEMBER_NOT_FOUND);
      if (isStaff(member.role) && adminRole !== 'admin') throw new MembersFailure('forbidden', ONLY_ADMINS_MANAGE_STAFF);
      if (!member.disabled_at) return { success: true, message: `${member.first_name}'s account is already enabled.` };
      await this.repository.setDisabled(tx, memberId, null);
      await this.audit.record(tx, {
        action: 'member.enable',
        targetType: 'member',
        targetId: memberId,
        before: { disabled: true },
        after: { disabled: false },
      });
      await raise(domainEvent('MemberEnabled', memberId, { memberId, adminId }));
      return { success: true, message: `${member.first_name}'s account is enabled: they can sign in again.` };
    });
  }
}
