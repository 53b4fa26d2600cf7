import { Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AddGuestRequest,
  type AdminEventsQuery,
  type AnnounceEventResponse,
  DoorGuestListQuery,
  type DoorGuestListMatches,
  EventKeyParams,
  EventNightParams,
  EventNightQuery,
  type EventsResponse,
  EventsVenueQuery,
  type EventView,
  endpoints,
  type GuestListNights,
  GuestListNightsQuery,
  type GuestListView,
  IdParams,
  JoinGuestListRequest,
  MarkArrivedRequest,
  type MarkArrivedResponse,
  type MyGuestListEntry,
  type MyGuestLists,
  NoShowRuleQuery,
  type NoShowRuleView,
  SaveEventRequest,
  SaveNoShowRuleRequest,
  type SuccessResponse,
  type WhatsOnResponse,
} from '@nocturne/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { AddGuestCommand } from './commands/add-guest/add-guest.command.js';
import { AnnounceEventCommand } from './commands/announce-event/announce-event.command.js';
import { CloseGuestListCommand } from './commands/close-guest-list/close-guest-list.command.js';
import { CreateEventCommand } from './commands/create-event/create-event.command.js';
import { JoinGuestListCommand } from './commands/join-guest-list/join-guest-list.command.js';
import { LeaveGuestListCommand } from './commands/leave-guest-list/leave-guest-list.command.js';
import { MarkGuestsArrivedCommand } from './commands/mark-guests-arrived/mark-guests-arrived.command.js';
import { SaveNoShowRuleCommand } from './commands/save-no-show-rule/save-no-show-rule.command.js';
import { UpdateEventCommand } from './commands/update-event/update-event.command.js';
import { FindDoorGuestsQuery } from './queries/find-door-guests/find-door-guests.query.js';
import { GetEventCalendarQuery } from './queries/get-event-calendar/get-event-calendar.query.js';
import { GetEventNightQuery } from './queries/get-event-night/get-event-night.query.js';
import { GetGuestListQuery } from './queries/get-guest-list/get-guest-list.query.js';
import { GetGuestListNightsQuery } from './queries/get-guest-list-nights/get-guest-list-nights.query.js';
import { GetMyGuestListsQuery } from './queries/get-my-guest-lists/get-my-guest-lists.query.js';
import { GetNoShowRuleQuery } from './queries/get-no-show-rule/get-no-show-rule.query.js';
import { ListEventsQuery } from './queries/list-events/list-events.query.js';
import { ListWhatsOnQuery } from './queries/list-whats-on/list-whats-on.query.js';

type Id = z.infer<typeof IdParams>;
type Key = z.infer<typeof EventKeyParams>;
type NightParams = z.infer<typeof EventNightParams>;
type NightQuery = z.infer<typeof EventNightQuery>;
type VenueQuery = z.infer<typeof EventsVenueQuery>;
type VenueIdQuery = z.infer<typeof NoShowRuleQuery>;

/** Who asks, as the venue checks need them (PRODUCT.md §12). */
const who = (staff: AuthenticatedMember) => ({ id: staff.id, role: staff.role });

/** Events (PRODUCT.md §Events): managers create and announce them; anyone sees What's on. */
@Controller()
export class EventsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listEvents)
  list(@CurrentMember() manager: AuthenticatedMember, @ValidQuery() query: AdminEventsQuery): Promise<EventsResponse> {
    return this.queries.execute(new ListEventsQuery(who(manager), query));
  }

  @Endpoint(endpoints.createEvent)
  create(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidBody() body: z.output<typeof SaveEventRequest>,
  ): Promise<EventView> {
    return this.commands.execute(new CreateEventCommand(body, who(manager)));
  }

  @Endpoint(endpoints.updateEvent)
  update(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidParams() params: Id,
    @ValidBody() body: z.output<typeof SaveEventRequest>,
  ): Promise<EventView> {
    return this.commands.execute(new UpdateEventCommand(params.id, body, who(manager)));
  }

  @Endpoint(endpoints.announceEvent)
  announce(@CurrentMember() manager: AuthenticatedMember, @ValidParams() params: Id): Promise<AnnounceEventResponse> {
    return this.commands.execute(new AnnounceEventCommand(params.id, who(manager)));
  }

  @Endpoint(endpoints.listWhatsOn)
  whatsOn(@ValidQuery() query: VenueQuery): Promise<WhatsOnResponse> {
    return this.queries.execute(new ListWhatsOnQuery(query.venue));
  }

  @Endpoint(endpoints.getEventNight)
  night(@ValidParams() params: Key, @ValidQuery() query: NightQuery): Promise<WhatsOnResponse> {
    return this.queries.execute(new GetEventNightQuery(params.key, query.night));
  }

  @Endpoint(endpoints.getEventCalendar)
  async calendar(
    @ValidParams() params: Key,
    @ValidQuery() query: NightQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { ics, filename } = await this.queries.execute(new GetEventCalendarQuery(params.key, query.night));
    void reply.header('content-type', 'text/calendar; charset=utf-8');
    void reply.header('content-disposition', `attachment; filename="${filename}"`);
    return ics;
  }
}

/** The guest list (PRODUCT.md §Events): members join and leave it; staff see, add to and close it; the door marks parties in. */
@Controller()
export class GuestListController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.getMyGuestLists)
  mine(@CurrentMember() member: AuthenticatedMember): Promise<MyGuestLists> {
    return this.queries.execute(new GetMyGuestListsQuery(member.id));
  }

  @Endpoint(endpoints.joinGuestList)
  join(
    @CurrentMember() member: AuthenticatedMember,
    @ValidParams() params: NightParams,
    @ValidBody() body: z.output<typeof JoinGuestListRequest>,
  ): Promise<MyGuestListEntry> {
    return this.commands.execute(new JoinGuestListCommand(member.id, params.id, params.night, body.plusOnes));
  }

  @Endpoint(endpoints.leaveGuestList)
  leave(@CurrentMember() member: AuthenticatedMember, @ValidParams() params: NightParams): Promise<SuccessResponse> {
    return this.commands.execute(new LeaveGuestListCommand(member.id, params.id, params.night));
  }

  @Endpoint(endpoints.getGuestList)
  list(@CurrentMember() staff: AuthenticatedMember, @ValidParams() params: NightParams): Promise<GuestListView> {
    return this.queries.execute(new GetGuestListQuery(params.id, params.night, who(staff)));
  }

  @Endpoint(endpoints.addGuest)
  add(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidParams() params: NightParams,
    @ValidBody() body: z.output<typeof AddGuestRequest>,
  ): Promise<GuestListView> {
    return this.commands.execute(new AddGuestCommand(params.id, params.night, body, who(staff)));
  }

  @Endpoint(endpoints.closeGuestList)
  close(@CurrentMember() staff: AuthenticatedMember, @ValidParams() params: NightParams): Promise<GuestListView> {
    return this.commands.execute(new CloseGuestListCommand(params.id, params.night, who(staff)));
  }

  @Endpoint(endpoints.getNoShowRule)
  rule(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: VenueIdQuery): Promise<NoShowRuleView> {
    return this.queries.execute(new GetNoShowRuleQuery(who(staff), query.venueId));
  }

  @Endpoint(endpoints.saveNoShowRule)
  saveRule(@CurrentMember() staff: AuthenticatedMember, @ValidBody() body: SaveNoShowRuleRequest): Promise<NoShowRuleView> {
    return this.commands.execute(new SaveNoShowRuleCommand(body.rule, who(staff), body.venueId));
  }

  @Endpoint(endpoints.findDoorGuests)
  find(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidQuery() query: z.output<typeof DoorGuestListQuery>,
  ): Promise<DoorGuestListMatches> {
    return this.queries.execute(new FindDoorGuestsQuery(query.q, who(staff), query.venueId));
  }

  @Endpoint(endpoints.markGuestsArrived)
  arrived(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidParams() params: Id,
    @ValidBody() body: z.output<typeof MarkArrivedRequest>,
  ): Promise<MarkArrivedResponse> {
    return this.commands.execute(new MarkGuestsArrivedCommand(params.id, body.count, staff.id, staff.role, body.venueId));
  }

  @Endpoint(endpoints.getGuestListNights)
  nights(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidQuery() query: z.output<typeof GuestListNightsQuery>,
  ): Promise<GuestListNights> {
    return this.queries.execute(new GetGuestListNightsQuery(who(staff), query.venueId));
  }
}
