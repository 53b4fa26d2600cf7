import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NamedDoorList } from '@nocturne/contracts';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { namedDoor } from '#modules/door-devices/door-view.js';
import { ListNamedDoorsQuery } from './list-named-doors.query.js';

@QueryHandler(ListNamedDoorsQuery)
export class ListNamedDoorsHandler implements IQueryHandler<ListNamedDoorsQuery, NamedDoorList> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: DoorDevicesRepository,
  ) {}

  async execute({ openOnly }: ListNamedDoorsQuery): Promise<NamedDoorList> {
    return { doors: (await this.repository.doors(this.em, openOnly)).map(namedDoor) };
  }
}
