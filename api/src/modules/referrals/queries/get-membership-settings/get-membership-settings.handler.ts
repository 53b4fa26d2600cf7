import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MembershipSettings } from '@nocturne/contracts';
import { Referrals } from '#modules/referrals/referrals.service.js';
import { GetMembershipSettingsQuery } from './get-membership-settings.query.js';

@QueryHandler(GetMembershipSettingsQuery)
export class GetMembershipSettingsHandler implements IQueryHandler<GetMembershipSettingsQuery, MembershipSettings> {
  constructor(
    private readonly em: EntityManager,
    private readonly referrals: Referrals,
  ) {}

  execute(): Promise<MembershipSettings> {
    return this.referrals.settings(this.em.fork());
  }
}
