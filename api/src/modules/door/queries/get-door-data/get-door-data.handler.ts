import { IsolationLevel } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorData } from '@nocturne/contracts';
import { DoorDataService } from '#modules/door/offline/door-data.service.js';
import { GetDoorDataQuery } from './get-door-data.query.js';

/** Tonight's door data, read in one repeatable-read snapshot so its parts agree with its cursor. */
@QueryHandler(GetDoorDataQuery)
export class GetDoorDataHandler implements IQueryHandler<GetDoorDataQuery, DoorData> {
  constructor(
    private readonly em: EntityManager,
    private readonly data: DoorDataService,
  ) {}

  execute({ staffId, since }: GetDoorDataQuery): Promise<DoorData> {
    return this.em.fork().transactional((tx) => this.data.read(tx, staffId, since), {
      readOnly: true,
      isolationLevel: IsolationLevel.REPEATABLE_READ,
    });
  }
}
