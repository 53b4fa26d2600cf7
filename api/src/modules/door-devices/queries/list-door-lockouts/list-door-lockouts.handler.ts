import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorLockoutList } from '@nocturne/contracts';
import { DoorCoupons } from '#modules/coupons/coupons.public.js';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { ListDoorLockoutsQuery } from './list-door-lockouts.query.js';

/** Lock-outs as managers see them: whose account, which phone and door, until when. */
@QueryHandler(ListDoorLockoutsQuery)
export class ListDoorLockoutsHandler implements IQueryHandler<ListDoorLockoutsQuery, DoorLockoutList> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: DoorCoupons,
    private readonly repository: DoorDevicesRepository,
  ) {}

  async execute(): Promise<DoorLockoutList> {
    const entries = await this.coupons.typedLockouts();
    const [staff, doors] = await Promise.all([
      this.repository.staffNames(this.em, [...new Set(entries.map((entry) => entry.staffId))]),
      this.repository.doorNames(this.em, [...new Set(entries.flatMap((entry) => (entry.doorId ? [entry.doorId] : [])))]),
    ]);
    return {
      lockouts: entries.map((entry) => ({
        id: entry.id,
        scope: entry.scope,
        staff: { id: entry.staffId, name: staff.get(entry.staffId) ?? 'A former staff account' },
        device: entry.device,
        door: entry.doorId ? (doors.get(entry.doorId) ?? null) : null,
        until: entry.until.toISOString(),
      })),
    };
  }
}
