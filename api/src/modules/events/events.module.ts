import { Module } from '@nestjs/common';
import { AddGuestHandler } from './commands/add-guest/add-guest.handler.js';
import { AnnounceEventHandler } from './commands/announce-event/announce-event.handler.js';
import { CloseGuestListHandler } from './commands/close-guest-list/close-guest-list.handler.js';
import { CreateEventHandler } from './commands/create-event/create-event.handler.js';
import { JoinGuestListHandler } from './commands/join-guest-list/join-guest-list.handler.js';
import { LeaveGuestListHandler } from './commands/leave-guest-list/leave-guest-list.handler.js';
import { SaveNoShowRuleHandler } from './commands/save-no-show-rule/save-no-show-rule.handler.js';
import { UpdateEventHandler } from './commands/update-event/update-event.handler.js';
import { EventViews } from './event-views.js';
import { EventsController, GuestListController } from './events.controller.js';
import { EventsRepository } from './events.repository.js';
import { GuestListsRepository } from './guest-lists.repository.js';
import { GuestListAtDoor } from './guest-list-at-door.service.js';
import { GuestLists } from './guest-lists.service.js';
import { FindDoorGuestsHandler } from './queries/find-door-guests/find-door-guests.handler.js';
import { GetEventCalendarHandler } from './queries/get-event-calendar/get-event-calendar.handler.js';
import { GetEventPageHandler } from './queries/get-event-page/get-event-page.handler.js';
import { GetEventNightHandler } from './queries/get-event-night/get-event-night.handler.js';
import { GetGuestListHandler } from './queries/get-guest-list/get-guest-list.handler.js';
import { GetGuestListNightsHandler } from './queries/get-guest-list-nights/get-guest-list-nights.handler.js';
import { GetMyGuestListsHandler } from './queries/get-my-guest-lists/get-my-guest-lists.handler.js';
import { GetNoShowRuleHandler } from './queries/get-no-show-rule/get-no-show-rule.handler.js';
import { ListEventsHandler } from './queries/list-events/list-events.handler.js';
import { ListWhatsOnHandler } from './queries/list-whats-on/list-whats-on.handler.js';

/**
 * Events (PRODUCT.md §Events): club nights with their line-up, door times and price, What's on and
 * each night's page, the guest list members join (plus-ones by tier, capacity, cut-off, the
 * no-show rule) and staff run, and the guest list at the door (GuestListAtDoor, which the door
 * module asks during a card's check).
 */
@Module({
  controllers: [EventsController, GuestListController],
  providers: [
    EventsRepository,
    GuestListsRepository,
    EventViews,
    GuestLists,
    GuestListAtDoor,
    CreateEventHandler,
    UpdateEventHandler,
    AnnounceEventHandler,
    JoinGuestListHandler,
    LeaveGuestListHandler,
    AddGuestHandler,
    CloseGuestListHandler,
    SaveNoShowRuleHandler,
    ListEventsHandler,
    ListWhatsOnHandler,
    GetEventNightHandler,
    GetEventPageHandler,
    GetEventCalendarHandler,
    GetMyGuestListsHandler,
    GetGuestListHandler,
    GetGuestListNightsHandler,
    GetNoShowRuleHandler,
    FindDoorGuestsHandler,
  ],
  exports: [GuestListAtDoor, EventViews],
})
export class EventsModule {}
