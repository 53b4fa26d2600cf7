import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PointsAdjustmentResponse } from '@nocturne/contracts';
import { NO_SELF_ADJUSTMENT } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { LedgerService } from '#modules/ledger/ledger.public.js';
import { MEMBER_NOT_FOUND, MembersFailure } from '#modules/members/members-failure.js';
import { AdminMemberRepository } from '#modules/members/admin-member.repository.js';
import { AdjustMemberPointsCommand } from './adjust-member-points.command.js';

const points = (n: number) => `${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

function belowZeroMessage(firstName: string, balance: number, taking: number): string {
  return `${firstName}'s balance is ${points(balance)}, so ${points(taking)} cannot be taken: a balance never goes below zero.`;
}

/**
 * A staff points adjustment: one ledger row naming the admin, the reason and, for added points,
 * whether they count toward the tier (the adjuster's explicit choice), under
 * the member's row lock (as a claim takes it), so the balance the refusal names is the one the
 * deduction would have met.
 */
@CommandHandler(AdjustMemberPointsCommand)
export class AdjustMemberPointsHandler implements ICommandHandler<AdjustMemberPointsCommand, PointsAdjustmentResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: LedgerService,
    private readonly repository: AdminMemberRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({
    memberId,
    adminId,
    points: change,
    reason,
    countsTowardTier,
  }: AdjustMemberPointsCommand): Promise<PointsAdjustmentResponse> {
    // Nobody adjusts their own account (security review L5).
    if (memberId === adminId) throw new MembersFailure('forbidden', NO_SELF_ADJUSTMENT);
    return this.unitOfWork.run(async (tx, raise) => {
      const member = await this.repository.lockMember(tx, memberId);
      if (!member) throw new MembersFailure('not_found', MEMBER_NOT_FOUND);
      if (member.current_points + change < 0)
        throw new MembersFailure('invalid', belowZeroMessage(member.first_name, member.current_points, -change));
      const balance = await this.ledger.adjust(tx, { memberId, points: change, reason, adminId, countsTowardTier }, raise);
      await this.audit.record(tx, {
        action: 'points.adjust',
        targetType: 'member',
        targetId: memberId,
        before: { currentPoints: member.current_points },
        // Not the reason: free text can name the member, and an audit row is never rewritten, so
        // it stays on the ledger row (which account deletion blanks) and the member's history.
        after: { currentPoints: balance.currentPoints, points: change, countsTowardTier },
      });
      // The member's wallet pass shows the balance: the worker pushes the change to their devices.
      await raise(domainEvent('MemberPointsAdjusted', memberId, { memberId, adminId, points: change }));
      const moved = change > 0 ? `${points(change)} added for` : `${points(-change)} taken from`;
      return {
        success: true,
        message: `${moved} ${member.first_name}: balance now ${points(balance.currentPoints)}.`,
        ...balance,
      };
    });
  }
}
