import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorConflicts } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { isoTimestamp } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { DoorDataRepository } from '#modules/door/offline/door-data.repository.js';
import { GetDoorConflictsQuery } from './get-door-conflicts.query.js';

/** What staff read of tonight's offline conflicts: "Used twice: 23:41 (Sam), 23:43 (Alex)", and whose coupon. */
@QueryHandler(GetDoorConflictsQuery)
export class GetDoorConflictsHandler implements IQueryHandler<GetDoorConflictsQuery, DoorConflicts> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: DoorDataRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute(): Promise<DoorConflicts> {
    const { night, start, end } = clubNightBounds(new Date(), this.config.VENUE_TZ);
    const rows = await this.repository.conflicts(this.em, start, end);
    return {
      night,
      items: rows.map((row) => ({
        id: row.id,
        at: isoTimestamp(row.device_at),
        message: row.message,
        firstName: row.first_name,
        userCouponId: row.user_coupon_id,
      })),
    };
  }
}
