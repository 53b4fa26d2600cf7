import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyReferrals } from '@nocturne/contracts';
import { REFERRAL_REFUSALS, referralDisplayName, referralMonthOf, venueDate } from '@nocturne/domain';
import { isoTimestamp } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { ReferralsRepository } from '#modules/referrals/referrals.repository.js';
import { Referrals } from '#modules/referrals/referrals.service.js';
import { GetMyReferralsQuery } from './get-my-referrals.query.js';

/** Shown in a referrer's list for someone who has since deleted their account. */
const FORMER_MEMBER = 'Former member';

@QueryHandler(GetMyReferralsQuery)
export class GetMyReferralsHandler implements IQueryHandler<GetMyReferralsQuery, MyReferrals> {
  constructor(
    private readonly em: EntityManager,
    private readonly referrals: Referrals,
    private readonly repository: ReferralsRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId }: GetMyReferralsQuery): Promise<MyReferrals> {
    const em = this.em.fork();
    const code = await this.referrals.codeOf(em, memberId);
    const settings = await this.referrals.settings(em);
    const month = referralMonthOf(venueDate(new Date(), this.config.VENUE_TZ));
    const thisMonth = await this.repository.countedInMonth(em, memberId, month, this.config.VENUE_TZ);
    const rows = await this.repository.referralsOf(em, memberId);
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
}
