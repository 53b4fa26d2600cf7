import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorSettings } from '@nocturne/contracts';
import { DOOR_DATA_STALE_MINUTES_DEFAULT } from '@nocturne/domain';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { GetDoorSettingsQuery } from './get-door-settings.query.js';

@QueryHandler(GetDoorSettingsQuery)
export class GetDoorSettingsHandler implements IQueryHandler<GetDoorSettingsQuery, DoorSettings> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: DoorDevicesRepository,
  ) {}

  async execute(): Promise<DoorSettings> {
    return { staleAfterMinutes: (await this.repository.staleMinutes(this.em)) ?? DOOR_DATA_STALE_MINUTES_DEFAULT };
  }
}
