import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { InviteStaffResponse } from '@nocturne/contracts';
import { isStaff, ROLE_AS } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { randomBytes, randomUUID } from 'node:crypto';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { PasswordHasher, SessionService } from '#modules/auth/auth.public.js';
import { StaffFailure } from '#modules/staff/staff-failure.js';
import { StaffRepository } from '#modules/staff/staff.repository.js';
import { staffFromRow } from '#modules/staff/staff-view.js';
import { InviteStaffCommand } from './invite-staff.command.js';

const INVITED_ACCOUNT_DISABLED = 'This account is disabled: enable it on the member’s page first, then invite it.';
const INVITATION_RACED = 'That e-mail was taken a moment ago: try again.';

/**
 * Invites staff by e-mail (PRODUCT.md §6). A new address gets an account with the role; a member's
 * address is promoted: the member keeps their name, points and coupons, but is signed out and
 * their password stops working, because anyone could have registered the address before the
 * admin typed it (there is no e-mail check at sign-up): the role reaches only whoever reads the
 * mailbox and sets a password through the e-mailed link. Either way the account's password is the
 * hash of random bytes until then, and `StaffInvited` has the worker mail the one-time link.
 * An invited account is not a sign-up: no welcome bonus, contact or webhook (MemberRegistered).
 */
@CommandHandler(InviteStaffCommand)
export class InviteStaffHandler implements ICommandHandler<InviteStaffCommand, InviteStaffResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly repository: StaffRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ invitation, adminId }: InviteStaffCommand): Promise<InviteStaffResponse> {
    const { email, firstName, role } = invitation;
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    return this.unitOfWork.run(async (tx, raise) => {
      const existing = await this.repository.lockAccount(tx, { email });
      if (existing && isStaff(existing.role))
        throw new StaffFailure('conflict', `${email} is already ${ROLE_AS[existing.role]}: change the role in the list instead.`);
      if (existing?.disabled_at) throw new StaffFailure('conflict', INVITED_ACCOUNT_DISABLED);
      const row = existing
        ? await this.repository.promote(tx, existing.id, role, passwordHash)
        : await this.repository.insertInvited(tx, { email, firstName, role, passwordHash });
      if (!row) throw new StaffFailure('conflict', INVITATION_RACED);
      if (existing) await this.sessions.revokeAllFor(tx, row.id);
      // The role only: the invited person's e-mail and name stay out of the log (docs/SECURITY.md).
      await this.audit.record(tx, {
        actorId: adminId,
        actorRole: 'admin',
        action: 'staff.invite',
        targetType: 'member',
        targetId: row.id,
        before: { role: existing ? existing.role : null },
        after: { role },
      });
      await raise(domainEvent('StaffInvited', row.id, { memberId: row.id, requestId: randomUUID(), role, adminId }));
      const promoted = existing !== undefined;
      return {
        success: true,
        promoted,
        staff: staffFromRow({ ...row, invited: true }),
        message: promoted
          ? `${row.first_name} (a member until now) is invited as ${ROLE_AS[role]}: they were signed out and set a new password through the link e-mailed to ${email}.`
          : `${firstName} is invited as ${ROLE_AS[role]}: a link to set a password is on its way to ${email}.`,
      };
    });
  }
}
