import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  DoorConflicts,
  DoorConflictsQuery,
  DoorData,
  DoorDataQuery,
  type DoorHeaders,
  type DoorsTonight,
  DoorSyncRequest,
  DoorSyncResponse,
  endpoints,
} from '@nocturne/contracts';
import { ClientGone } from '#common/http/client-gone.decorator.js';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '#modules/auth/auth.public.js';
import { DoorHeadersOf } from '#modules/door/door-headers.decorator.js';
import { SyncDoorQueueCommand } from '#modules/door/commands/sync-door-queue/sync-door-queue.command.js';
import { GetDoorConflictsQuery } from '#modules/door/queries/get-door-conflicts/get-door-conflicts.query.js';
import { GetDoorDataQuery } from '#modules/door/queries/get-door-data/get-door-data.query.js';
import { GetDoorsTonightQuery } from '#modules/door/queries/get-doors-tonight/get-doors-tonight.query.js';

/** Offline door mode: tonight's data for the device, the batch of what it did offline, the conflicts staff read, and each named door's night. */
@Controller()
export class DoorOfflineController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.getDoorData)
  data(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidQuery() query: DoorDataQuery,
    @ClientGone() clientGone: AbortSignal,
  ): Promise<DoorData> {
    return this.queries.execute(new GetDoorDataQuery(staff.id, query.since, staff.role, query.venueId, clientGone));
  }

  @Endpoint(endpoints.syncDoor)
  sync(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidBody() body: DoorSyncRequest,
    @DoorHeadersOf() door: DoorHeaders,
  ): Promise<DoorSyncResponse> {
    return this.commands.execute(new SyncDoorQueueCommand(staff.id, body.items, staff.role, body.venueId, door));
  }

  @Endpoint(endpoints.listDoorConflicts)
  conflicts(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: DoorConflictsQuery): Promise<DoorConflicts> {
    return this.queries.execute(new GetDoorConflictsQuery({ id: staff.id, role: staff.role }, query.venueId));
  }

  @Endpoint(endpoints.getDoorsTonight)
  doorsTonight(): Promise<DoorsTonight> {
    return this.queries.execute(new GetDoorsTonightQuery());
  }
}
