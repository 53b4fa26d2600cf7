import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MembershipSettings } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { ReferralsFailure } from '#modules/referrals/referrals-failure.js';
import { ReferralsRepository } from '#modules/referrals/referrals.repository.js';
import { Referrals } from '#modules/referrals/referrals.service.js';
import { UpdateMembershipSettingsCommand } from './update-membership-settings.command.js';

@CommandHandler(UpdateMembershipSettingsCommand)
export class UpdateMembershipSettingsHandler implements ICommandHandler<UpdateMembershipSettingsCommand, MembershipSettings> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly referrals: Referrals,
    private readonly repository: ReferralsRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ input, managerId }: UpdateMembershipSettingsCommand): Promise<MembershipSettings> {
    await this.unitOfWork.run(async (tx) => {
      if (input.birthdayCouponId && !(await this.repository.couponExists(tx, input.birthdayCouponId))) {
        const message = 'No such coupon';
        throw new ReferralsFailure('invalid', message, { issues: [{ path: 'birthdayCouponId', message }] });
      }
      const before = await this.referrals.settings(tx);
      await this.repository.saveSettings(
        tx,
        {
          referral_points: input.referralPoints,
          referrals_per_month: input.referralsPerMonth,
          birthday_coupon_id: input.birthdayCouponId,
          visit_points_per_night: input.visitPointsPerNight ?? before.visitPointsPerNight,
        },
        managerId,
      );
      await this.audit.record(tx, {
        action: 'membership.settings',
        targetType: 'club_settings',
        targetId: 'membership',
        before: { ...before },
        after: { ...(await this.referrals.settings(tx)) },
      });
    });
    return this.referrals.settings(this.em.fork());
  }
}
