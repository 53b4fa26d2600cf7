import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorTonight } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { DoorCoupons } from '#modules/coupons/coupons.public.js';
import { DoorRepository } from '#modules/door/door.repository.js';
import { GetDoorTonightQuery } from './get-door-tonight.query.js';

/**
 * Door mode's tally: tonight's club night (06:00 to 06:00 venue time) and what this staffer did
 * in it: redemptions accepted, visits recorded, and redemptions undone (each undo is also still
 * counted among the redemptions it took back).
 */
@QueryHandler(GetDoorTonightQuery)
export class GetDoorTonightHandler implements IQueryHandler<GetDoorTonightQuery, DoorTonight> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: DoorCoupons,
    private readonly repository: DoorRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ staffId }: GetDoorTonightQuery): Promise<DoorTonight> {
    const { night, start, end } = clubNightBounds(new Date(), this.config.VENUE_TZ);
    const [tally, visits] = await Promise.all([
      this.coupons.tally(this.em, staffId, start, end),
      this.repository.countVisitsBy(this.em, staffId, night),
    ]);
    return { night, mine: { redemptions: tally.redemptions, visits, undone: tally.undone } };
  }
}
