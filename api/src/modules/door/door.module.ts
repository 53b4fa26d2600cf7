import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module.js';
import { SyncDoorQueueHandler } from './commands/sync-door-queue/sync-door-queue.handler.js';
import { DoorDataRepository } from './offline/door-data.repository.js';
import { DoorDataService } from './offline/door-data.service.js';
import { LikelyMembersRepository } from './offline/likely-members.repository.js';
import { DoorOfflineController } from './offline/door-offline.controller.js';
import { GetDoorConflictsHandler } from './queries/get-door-conflicts/get-door-conflicts.handler.js';
import { GetDoorDataHandler } from './queries/get-door-data/get-door-data.handler.js';
import { GetDoorsTonightHandler } from './queries/get-doors-tonight/get-doors-tonight.handler.js';
import { EventsModule } from '#modules/events/events.module.js';
import { CheckAtDoorHandler } from './commands/check-at-door/check-at-door.handler.js';
import { MarkGuestsArrivedHandler } from './commands/mark-guests-arrived/mark-guests-arrived.handler.js';
import { RedeemAtDoorHandler } from './commands/redeem-at-door/redeem-at-door.handler.js';
import { DoorController } from './door.controller.js';
import { DoorDesk } from './door-desk.service.js';
import { DoorRepository } from './door.repository.js';
import { MemberCards } from './member-cards.service.js';
import { GetDoorTonightHandler } from './queries/get-door-tonight/get-door-tonight.handler.js';
import { GetMyCardHandler } from './queries/get-my-card/get-my-card.handler.js';
import { Visits } from './visits.service.js';

/**
 * Door mode (PRODUCT.md §6): checking and redeeming whatever a member shows at the door, members'
 * cards and their visits, and the staffer's tally of the night. Coupons, their redemption and the
 * scan log stay the coupons module's; this module asks it (DoorCoupons).
 */
@Module({
  imports: [CouponsModule, EventsModule],
  controllers: [DoorController, DoorOfflineController],
  providers: [
    DoorRepository,
    MemberCards,
    Visits,
    DoorDesk,
    CheckAtDoorHandler,
    RedeemAtDoorHandler,
    // A guest-list party let in (the events module's list): the member's visit.
    MarkGuestsArrivedHandler,
    GetDoorTonightHandler,
    GetMyCardHandler,
    // Offline door mode.
    DoorDataRepository,
    DoorDataService,
    LikelyMembersRepository,
    GetDoorDataHandler,
    GetDoorsTonightHandler,
    GetDoorConflictsHandler,
    SyncDoorQueueHandler,
  ],
  exports: [MemberCards],
})
export class DoorModule {}
