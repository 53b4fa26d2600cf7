import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { SecondFactorStatus } from '@nocturne/contracts';
import { requiresSecondFactor, SECOND_FACTOR_LAST_ONE, secondFactorState } from '@nocturne/domain';
import { isoTimestamp } from '#common/timestamps.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { hashToken, SessionService } from '../session.service.js';
import type { AuthenticatedMember } from '../user-view.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/**
 * An account's second factors as a whole: their state, removing one of one's own, an admin's reset
 * of a staff member's, and what sign-in asks (has the account a factor, was this device
 * remembered). Each command its own transaction, so the audit trail hooks each one.
 */
@Injectable()
export class SecondFactors {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TwoFactorRepository,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async status(member: AuthenticatedMember): Promise<SecondFactorStatus> {
    const factors = await this.repository.listFactors(this.em, member.id);
    return {
      state: secondFactorState(member.role, factors.length > 0, member.secondFactorOk),
      required: requiresSecondFactor(member.role),
      factors: factors.map((factor) => ({
        id: factor.id,
        kind: factor.kind,
        label: factor.label,
        createdAt: isoTimestamp(factor.created_at),
        lastUsedAt: factor.last_used_at === null ? null : isoTimestamp(factor.last_used_at),
      })),
      recoveryCodesLeft: await this.repository.countRecoveryCodesLeft(this.em, member.id),
    };
  }

  /** Remove command: one of the member's own factors, never the last one a manager or admin must keep. */
  async remove(member: AuthenticatedMember, factorId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const factors = await this.repository.listFactors(tx, member.id);
      if (!factors.some((f) => f.id === factorId)) throw new NotFoundException('No such second factor');
      if (factors.length === 1 && requiresSecondFactor(member.role)) throw new ConflictException(SECOND_FACTOR_LAST_ONE);
      await this.repository.deleteFactor(tx, member.id, factorId);
      if (factors.length === 1) await this.repository.deleteAllOf(tx, member.id);
      await this.repository.touchMember(tx, member.id);
    });
    this.sessions.forgetMember(member.id);
  }

  /** Reset command (an admin, for another staff member): every factor, code and remembered device goes; their sessions end. */
  async reset(staffId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const staff = await this.repository.findStaffRole(tx, staffId);
      if (!staff) throw new NotFoundException('No such staff member');
      await this.repository.deleteAllOf(tx, staffId);
      await this.repository.touchMember(tx, staffId);
      await this.sessions.revokeAllFor(tx, staffId);
      await this.audit.record(tx, { action: 'staff.second_factor_reset', targetType: 'member', targetId: staffId });
    });
    this.sessions.forgetMember(staffId);
  }

  /** Whether the cookie's device was remembered for this member less than 12 hours ago. */
  isDeviceRemembered(tx: EntityManager, memberId: string, deviceToken: string | null): Promise<boolean> {
    if (!deviceToken || !/^[\w-]{20,100}$/.test(deviceToken)) return Promise.resolve(false);
    return this.repository.isDeviceRemembered(tx, memberId, hashToken(deviceToken));
  }

  hasFactor(tx: EntityManager, memberId: string): Promise<boolean> {
    return this.repository.hasConfirmedFactor(tx, memberId);
  }
}
