import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type DoorLockoutLifted, type DoorLockoutList, DoorLockoutParams, endpoints } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidParams } from '#common/http/input.decorators.js';
import { LiftDoorLockoutCommand } from './commands/lift-door-lockout/lift-door-lockout.command.js';
import { ListDoorLockoutsQuery } from './queries/list-door-lockouts/list-door-lockouts.query.js';

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
}
