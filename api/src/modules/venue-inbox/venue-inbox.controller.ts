import { Controller, Get, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  BookingList,
  BookingResponse,
  ContactMessageList,
  IdParams,
  InboxQuery,
  UpdateBookingStatusRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { UpdateBookingStatusCommand } from './commands/update-booking-status/update-booking-status.command.js';
import { ListBookingsQuery } from './queries/list-bookings/list-bookings.query.js';
import { ListContactMessagesQuery } from './queries/list-contact-messages/list-contact-messages.query.js';

@Controller('admin')
export class VenueInboxController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('contact-messages')
  @Endpoint({
    summary: 'Contact messages, newest first, with their e-mail delivery state',
    auth: 'admin',
    conditional: { scopes: ['contact_messages', 'email_deliveries'] },
    tags: ['venue', 'admin'],
    query: InboxQuery,
    response: ContactMessageList,
    errors: { 400: 'Bad paging parameters' },
  })
  async contactMessages(@ValidQuery() query: InboxQuery): Promise<ContactMessageList> {
    return { messages: await this.queries.execute(new ListContactMessagesQuery(query)) };
  }

  @Get('bookings')
  @Endpoint({
    summary: 'Booking requests, newest first, with their status and e-mail delivery state',
    auth: 'admin',
    conditional: { scopes: ['bookings', 'email_deliveries'] },
    tags: ['venue', 'admin'],
    query: InboxQuery,
    response: BookingList,
    errors: { 400: 'Bad paging parameters' },
  })
  async bookings(@ValidQuery() query: InboxQuery): Promise<BookingList> {
    return { bookings: await this.queries.execute(new ListBookingsQuery(query)) };
  }

  @Patch('bookings/:id')
  @Endpoint({
    summary: 'Confirm or decline a booking; the guest is e-mailed',
    auth: 'admin',
    tags: ['venue', 'admin'],
    params: IdParams,
    body: UpdateBookingStatusRequest,
    response: BookingResponse,
    errors: { 400: 'Unknown status or a bad id', 404: 'No such booking' },
  })
  async updateStatus(
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidBody() body: UpdateBookingStatusRequest,
  ): Promise<BookingResponse> {
    return { success: true, booking: await this.commands.execute(new UpdateBookingStatusCommand(id, body)) };
  }
}
