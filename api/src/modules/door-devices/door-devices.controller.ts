import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateNamedDoorRequest,
  type DoorLockoutLifted,
  type DoorLockoutList,
  DoorLockoutParams,
  type DoorSettings,
  DoorsToPickQuery,
  endpoints,
  type NamedDoor,
  type NamedDoorList,
  NamedDoorParams,
  UpdateDoorSettingsRequest,
  UpdateNamedDoorRequest,
} from '@nocturne/contracts';
import { type AuthenticatedMember, CurrentMember } from '#modules/auth/auth.public.js';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { CreateNamedDoorCommand } from './commands/create-named-door/create-named-door.command.js';
import { UpdateNamedDoorCommand } from './commands/update-named-door/update-named-door.command.js';
import { ListNamedDoorsQuery } from './queries/list-named-doors/list-named-doors.query.js';
import { LiftDoorLockoutCommand } from './commands/lift-door-lockout/lift-door-lockout.command.js';
import { ListDoorLockoutsQuery } from './queries/list-door-lockouts/list-door-lockouts.query.js';
import { GetDoorSettingsQuery } from './queries/get-door-settings/get-door-settings.query.js';
import { UpdateDoorSettingsCommand } from './commands/update-door-settings/update-door-settings.command.js';

@Controller()
export class DoorDevicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listDoorLockouts)
  lockouts(): Promise<DoorLockoutList> {
    return this.queries.execute(new ListDoorLockoutsQuery());
  }

  @Endpoint(endpoints.liftDoorLockout)
  lift(@ValidParams() params: DoorLockoutParams): Promise<DoorLockoutLifted> {
    return this.commands.execute(new LiftDoorLockoutCommand(params.id));
  }

  @Endpoint(endpoints.listDoorsToPick)
  doorsToPick(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: DoorsToPickQuery): Promise<NamedDoorList> {
    return this.queries.execute(new ListNamedDoorsQuery(true, { id: staff.id, role: staff.role, venueId: query.venueId }));
  }

  @Endpoint(endpoints.listNamedDoors)
  doors(): Promise<NamedDoorList> {
    return this.queries.execute(new ListNamedDoorsQuery(false));
  }

  @Endpoint(endpoints.createNamedDoor)
  create(@ValidBody() body: CreateNamedDoorRequest): Promise<NamedDoor> {
    return this.commands.execute(new CreateNamedDoorCommand(body.name, body.venueId));
  }

  @Endpoint(endpoints.updateNamedDoor)
  update(@ValidParams() params: NamedDoorParams, @ValidBody() body: UpdateNamedDoorRequest): Promise<NamedDoor> {
    return this.commands.execute(new UpdateNamedDoorCommand(params.id, body));
  }

  @Endpoint(endpoints.getDoorSettings)
  settings(): Promise<DoorSettings> {
    return this.queries.execute(new GetDoorSettingsQuery());
  }

  @Endpoint(endpoints.updateDoorSettings)
  updateSettings(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidBody() body: UpdateDoorSettingsRequest,
  ): Promise<DoorSettings> {
    return this.commands.execute(new UpdateDoorSettingsCommand(body, manager.id));
  }
}
