import { EntityManager } from '@mikro-orm/postgresql';
import { Controller } from '@nestjs/common';
import { endpoints, MembershipSettings, MyBirthday, MyReferrals, UpdateMembershipSettingsRequest } from '@nocturne/contracts';
import {
  BIRTHDAY_BANNER,
  birthdayWeekOf,
  REFERRAL_REFUSALS,
  referralDisplayName,
  referralMonthOf,
  venueDate,
} from '@nocturne/domain';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { isoTimestamp } from '../../common/timestamps.js';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AuditService } from '../audit/audit.public.js';
import { ReferralsFailure } from './referrals-failure.js';
import { ReferralsRepository } from './referrals.repository.js';
import { Referrals } from './referrals.service.js';

/** Shown in a referrer's list for someone who has since deleted their account. */
const FORMER_MEMBER = 'Former member';

@Controller()
export class ReferralsController {
  constructor(
    private readonly em: EntityManager,
    private readonly referrals: Referrals,
    private readonly repository: ReferralsRepository,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  @Endpoint(endpoints.getMyReferrals)
  async mine(@CurrentMember() member: AuthenticatedMember): Promise<MyReferrals> {
    const em = this.em.fork();
    const code = await this.referrals.codeOf(em, member.id);
    const settings = await this.referrals.settings(em);
    const month = referralMonthOf(venueDate(new Date(), this.config.VENUE_TZ));
    const thisMonth = await this.repository.countedInMonth(em, member.id, month, this.config.VENUE_TZ);
    const rows = await this.repository.referralsOf(em, member.id);
    const link = new URL('/members-register', this.config.APP_URL);
    link.searchParams.set('ref', code);
    return {
      code,
      link: link.toString(),
      pointsEach: settings.referralPoints,
      thisMonth,
      perMonth: settings.referralsPerMonth,
      referrals: rows.map((row) => ({
        id: row.id,
        name: row.deleted_at ? FORMER_MEMBER : referralDisplayName(row.first_name, row.last_name),
        joinedAt: isoTimestamp(row.created_at),
        state: row.state,
        reason: row.refusal ? REFERRAL_REFUSALS[row.refusal] : null,
        points: row.points,
      })),
    };
  }

  @Endpoint(endpoints.getMyBirthday)
  async birthday(@CurrentMember() member: AuthenticatedMember): Promise<MyBirthday> {
    const em = this.em.fork();
    const dateOfBirth = (await this.repository.birthdayOf(em, member.id))?.date_of_birth;
    const week = dateOfBirth ? birthdayWeekOf(dateOfBirth, venueDate(new Date(), this.config.VENUE_TZ)) : null;
    const granted = week ? await this.repository.birthdayGranted(em, member.id, week.year) : false;
    return { message: granted ? BIRTHDAY_BANNER : null };
  }

  @Endpoint(endpoints.getMembershipSettings)
  settings(): Promise<MembershipSettings> {
    return this.referrals.settings(this.em.fork());
  }

  @Endpoint(endpoints.updateMembershipSettings)
  async update(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidBody() body: UpdateMembershipSettingsRequest,
  ): Promise<MembershipSettings> {
    const em = this.em.fork();
    if (body.birthdayCouponId && !(await this.repository.couponExists(em, body.birthdayCouponId))) {
      const message = 'No such coupon';
      throw new ReferralsFailure('invalid', message, { issues: [{ path: 'birthdayCouponId', message }] });
    }
    await em.transactional(async (tx) => {
      const before = await this.referrals.settings(tx);
      await this.repository.saveSettings(
        tx,
        {
          referral_points: body.referralPoints,
          referrals_per_month: body.referralsPerMonth,
          birthday_coupon_id: body.birthdayCouponId,
        },
        manager.id,
      );
      await this.audit.record(tx, {
        action: 'membership.settings',
        targetType: 'club_settings',
        targetId: 'membership',
        before: { ...before },
        after: { ...(await this.referrals.settings(tx)) },
      });
    });
    return this.referrals.settings(em);
  }
}
