import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyBirthday } from '@nocturne/contracts';
import { BIRTHDAY_BANNER, birthdayWeekOf, venueDate } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { ReferralsRepository } from '#modules/referrals/referrals.repository.js';
import { GetMyBirthdayQuery } from './get-my-birthday.query.js';

@QueryHandler(GetMyBirthdayQuery)
export class GetMyBirthdayHandler implements IQueryHandler<GetMyBirthdayQuery, MyBirthday> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ReferralsRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId }: GetMyBirthdayQuery): Promise<MyBirthday> {
    const em = this.em.fork();
    const dateOfBirth = (await this.repository.birthdayOf(em, memberId))?.date_of_birth;
    const week = dateOfBirth ? birthdayWeekOf(dateOfBirth, venueDate(new Date(), this.config.VENUE_TZ)) : null;
    const granted = week ? await this.repository.birthdayGranted(em, memberId, week.year) : false;
    return { message: granted ? BIRTHDAY_BANNER : null };
  }
}
