import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { isStaff, ROLE_AS } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { EnabledAdmins, SessionService } from '#modules/auth/auth.public.js';
import { NO_LONGER_ADMIN, STAFF_NOT_FOUND, StaffFailure } from '#modules/staff/staff-failure.js';
import { roleChangedMessage, roleChangeRefusal } from '#modules/staff/staff-rules.js';
import { StaffRepository } from '#modules/staff/staff.repository.js';
import { ChangeStaffRoleCommand } from './change-staff-role.command.js';

/**
 * Changes a staff account's role, or takes it off the staff (`member`). The account's sessions are
 * revoked in the same transaction (SessionService drops them from this replica's cache, the others
 * when the commit's version notification arrives), so the old role ends at once, not within the
 * minute a session may be trusted; the person signs in again with the new role. The last enabled admin
 * keeps the role (staff-rules.ts). Only staff accounts: a member becomes staff by invitation.
 */
@CommandHandler(ChangeStaffRoleCommand)
export class ChangeStaffRoleHandler implements ICommandHandler<ChangeStaffRoleCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionService,
    private readonly repository: StaffRepository,
    private readonly audit: AuditService,
    private readonly admins: EnabledAdmins,
  ) {}

  async execute({ memberId, role, adminId }: ChangeStaffRoleCommand): Promise<SuccessResponse> {
    return this.unitOfWork.run(async (tx, raise) => {
      // Admins first (in id order), then the account: every role change takes its locks in one order.
      const enabledAdmins = await this.admins.lock(tx);
      // An admin demoted by a request that committed while this one waited for the locks is one no longer.
      if (!enabledAdmins.includes(adminId)) throw new StaffFailure('forbidden', NO_LONGER_ADMIN);
      const account = await this.repository.lockAccount(tx, { id: memberId });
      if (!account || !isStaff(account.role)) throw new StaffFailure('not_found', STAFF_NOT_FOUND);
      if (account.role === role) return { success: true, message: `${account.first_name} is already ${ROLE_AS[role]}.` };
      const refusal = roleChangeRefusal({ memberId, from: account.role, to: role, enabledAdmins });
      if (refusal) throw new StaffFailure('conflict', refusal);
      await this.repository.setRole(tx, memberId, role);
      await this.sessions.revokeAllFor(tx, memberId);
      await this.audit.record(tx, {
        actorId: adminId,
        actorRole: 'admin',
        action: 'staff.role_change',
        targetType: 'member',
        targetId: memberId,
        before: { role: account.role },
        after: { role },
      });
      await raise(domainEvent('StaffRoleChanged', memberId, { memberId, adminId, from: account.role, to: role }));
      return { success: true, message: roleChangedMessage(account.first_name, role) };
    });
  }
}
