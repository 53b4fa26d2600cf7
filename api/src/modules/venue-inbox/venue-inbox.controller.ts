import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  BookingCapacitiesQuery,
  BookingCapacityList,
  BookingCapacityResponse,
  BookingList,
  BookingResponse,
  BookingsQuery,
  ContactMessageList,
  ContactMessageResponse,
  ContactMessagesQuery,
  endpoints,
  IdParams,
  InboxCounts,
  InboxCountsQuery,
  SetBookingCapacityRequest,
  UpdateBookingStatusRequest,
  UpdateContactMessageRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { SetBookingCapacityCommand } from './commands/set-booking-capacity/set-booking-capacity.command.js';
import { UpdateBookingStatusCommand } from './commands/update-booking-status/update-booking-status.command.js';
import { UpdateContactMessageStateCommand } from './commands/update-contact-message-state/update-contact-message-state.command.js';
import { CountWaitingQuery } from './queries/count-waiting/count-waiting.query.js';
import { ListBookingCapacitiesQuery } from './queries/list-booking-capacities/list-booking-capacities.query.js';
import { ListBookingsQuery } from './queries/list-bookings/list-bookings.query.js';
import { ListContactMessagesQuery } from './queries/list-contact-messages/list-contact-messages.query.js';

@Controller()
export class VenueInboxController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listContactMessages)
  contactMessages(
    @CurrentMember() staff: AuthenticatedMember,
    @ValidQuery() query: ContactMessagesQuery,
  ): Promise<ContactMessageList> {
    return this.queries.execute(new ListContactMessagesQuery(query, { id: staff.id, role: staff.role }));
  }

  @Endpoint(endpoints.updateContactMessage)
  async updateMessageState(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidBody() body: UpdateContactMessageRequest,
  ): Promise<ContactMessageResponse> {
    return { success: true, message: await this.commands.execute(new UpdateContactMessageStateCommand(id, body, admin.id)) };
  }

  @Endpoint(endpoints.listBookings)
  bookings(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: BookingsQuery): Promise<BookingList> {
    return this.queries.execute(new ListBookingsQuery(query, { id: staff.id, role: staff.role }));
  }

  @Endpoint(endpoints.getInboxCounts)
  counts(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() { venue }: InboxCountsQuery): Promise<InboxCounts> {
    return this.queries.execute(new CountWaitingQuery({ id: staff.id, role: staff.role }, venue));
  }

  @Endpoint(endpoints.updateBooking)
  async updateStatus(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidBody() body: UpdateBookingStatusRequest,
  ): Promise<BookingResponse> {
    return { success: true, booking: await this.commands.execute(new UpdateBookingStatusCommand(id, body, admin.id)) };
  }

  @Endpoint(endpoints.listBookingCapacities)
  async capacities(@ValidQuery() { night, venue }: BookingCapacitiesQuery): Promise<BookingCapacityList> {
    return { capacities: await this.queries.execute(new ListBookingCapacitiesQuery(night, venue)) };
  }

  @Endpoint(endpoints.setBookingCapacity)
  async setCapacity(
    @CurrentMember() manager: AuthenticatedMember,
    @ValidBody() body: SetBookingCapacityRequest,
  ): Promise<BookingCapacityResponse> {
    return { success: true, capacity: await this.commands.execute(new SetBookingCapacityCommand(body, manager.id)) };
  }
}
