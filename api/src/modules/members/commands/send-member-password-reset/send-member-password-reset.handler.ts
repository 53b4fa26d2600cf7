import { EntityManager } from '@mikro-orm/postgresql';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import { LIMITS, RateLimiter, RequestPasswordResetCommand } from '#modules/auth/auth.public.js';
import { MEMBER_NOT_FOUND, MembersFailure } from '#modules/members/members-failure.js';
import { AdminMemberRepository } from '#modules/members/admin-member.repository.js';
import { SendMemberPasswordResetCommand } from './send-member-password-reset.command.js';
import { AuditService } from '#modules/audit/audit.public.js';

/**
 * Staff send the member the same one-time reset link forgot-password sends (the auth module's
 * command, e-mailed by the worker), at most a few times an hour per member. A disabled account
 * gets it too: the member may choose a new password, and the account stays disabled until staff
 * enable it (sign-in checks that, not the password).
 */
@CommandHandler(SendMemberPasswordResetCommand)
export class SendMemberPasswordResetHandler implements ICommandHandler<SendMemberPasswordResetCommand, SuccessResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly commands: CommandBus,
    private readonly limiter: RateLimiter,
    private readonly repository: AdminMemberRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ memberId }: SendMemberPasswordResetCommand): Promise<SuccessResponse> {
    const member = await this.repository.memberForAdmin(this.em, memberId);
    if (!member) throw new MembersFailure('not_found', MEMBER_NOT_FOUND);
    await this.limiter.hit(LIMITS.staffPasswordResetPerMember, memberId);
    await this.commands.execute(new RequestPasswordResetCommand(member.email));
    // The reset request has its own transaction; the audit row gets one of its own after it.
    await this.em
      .fork()
      .transactional((tx) =>
        this.audit.record(tx, { action: 'member.password_reset', targetType: 'member', targetId: memberId }),
      );
    const disabled = member.disabled_at ? ' The account stays disabled until you enable it.' : '';
    return { success: true, message: `A password reset link is on its way to ${member.email}.${disabled}` };
  }
}
