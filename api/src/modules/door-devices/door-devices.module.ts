import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module.js';
import { LiftDoorLockoutHandler } from './commands/lift-door-lockout/lift-door-lockout.handler.js';
import { DoorDevicesController } from './door-devices.controller.js';
import { DoorDevicesRepository } from './door-devices.repository.js';
import { ListDoorLockoutsHandler } from './queries/list-door-lockouts/list-door-lockouts.handler.js';

/**
 * The doors of a venue as managers see them: door phones kept from typing codes (and lifting
 * that). The typed-code limit itself is the coupons module's (DoorCoupons); this module asks it.
 */
@Module({
  imports: [CouponsModule],
  controllers: [DoorDevicesController],
  providers: [DoorDevicesRepository, ListDoorLockoutsHandler, LiftDoorLockoutHandler],
})
export class DoorDevicesModule {}
