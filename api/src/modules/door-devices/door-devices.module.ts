import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module.js';
import { CreateNamedDoorHandler } from './commands/create-named-door/create-named-door.handler.js';
import { UpdateNamedDoorHandler } from './commands/update-named-door/update-named-door.handler.js';
import { ListNamedDoorsHandler } from './queries/list-named-doors/list-named-doors.handler.js';
import { LiftDoorLockoutHandler } from './commands/lift-door-lockout/lift-door-lockout.handler.js';
import { DoorDevicesController } from './door-devices.controller.js';
import { DoorDevicesRepository } from './door-devices.repository.js';
import { ListDoorLockoutsHandler } from './queries/list-door-lockouts/list-door-lockouts.handler.js';
import { GetDoorSettingsHandler } from './queries/get-door-settings/get-door-settings.handler.js';
import { UpdateDoorSettingsHandler } from './commands/update-door-settings/update-door-settings.handler.js';

/**
 * The doors of a venue: the doors managers name (a door phone picks one) and door phones kept
 * from typing codes (and lifting that), and the door settings (how old an offline door's data may
 * get). The typed-code limit itself is the coupons module's (DoorCoupons); this module asks it.
 */
@Module({
  imports: [CouponsModule],
  controllers: [DoorDevicesController],
  providers: [
    DoorDevicesRepository,
    ListDoorLockoutsHandler,
    LiftDoorLockoutHandler,
    ListNamedDoorsHandler,
    CreateNamedDoorHandler,
    UpdateNamedDoorHandler,
    GetDoorSettingsHandler,
    UpdateDoorSettingsHandler,
  ],
})
export class DoorDevicesModule {}
