import { Controller, Get, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  BookingList,
  BookingResponse,
  BookingsQuery,
  ContactMessageList,
  ContactMessageResponse,
  ContactMessagesQuery,
  IdParams,
  InboxCounts,
  UpdateBookingStatusRequest,
  UpdateContactMessageRequest,
} from '@nocturne/contracts';
import type { z } from 'zod';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { UpdateBookingStatusCommand } from './commands/update-booking-status/update-booking-status.command.js';
import { UpdateContactMessageStateCommand } from './commands/update-contact-message-state/update-contact-message-state.command.js';
import { CountWaitingQuery } from './queries/count-waiting/count-waiting.query.js';
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
    summary: 'Contact messages, newest first (all, or those new or handled), with who handled them and their e-mail state',
    auth: 'admin',
    conditional: { scopes: ['contact_messages', 'email_deliveries'] },
    tags: ['venue', 'admin'],
    query: ContactMessagesQuery,
    response: ContactMessageList,
    errors: { 400: 'Bad paging parameters or an unknown state' },
  })
  async contactMessages(@ValidQuery() query: ContactMessagesQuery): Promise<ContactMessageList> {
    return { messages: await this.queries.execute(new ListContactMessagesQuery(query)) };
  }

  @Patch('contact-messages/:id')
  @Endpoint({
    summary: 'Mark a contact message handled (the admin and the time are recorded) or new again',
    auth: 'admin',
    tags: ['venue', 'admin'],
    params: IdParams,
    body: UpdateContactMessageRequest,
    response: ContactMessageResponse,
    errors: { 400: 'Unknown state or a bad id', 404: 'No such message' },
  })
  async updateMessageState(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidBody() body: UpdateContactMessageRequest,
  ): Promise<ContactMessageResponse> {
    return { success: true, message: await this.commands.execute(new UpdateContactMessageStateCommand(id, body, admin.id)) };
  }

  @Get('bookings')
  @Endpoint({
    summary: 'Booking requests, newest first (all, or those with one status), with who decided them and their e-mail state',
    auth: 'admin',
    conditional: { scopes: ['bookings', 'email_deliveries'] },
    tags: ['venue', 'admin'],
    query: BookingsQuery,
    response: BookingList,
    errors: { 400: 'Bad paging parameters or an unknown status' },
  })
  async bookings(@ValidQuery() query: BookingsQuery): Promise<BookingList> {
    return { bookings: await this.queries.execute(new ListBookingsQuery(query)) };
  }

  @Get('inbox/counts')
  @Endpoint({
    summary: 'What waits for staff: new contact messages (spam aside) and booking requests not yet answered',
    auth: 'admin',
    conditional: { scopes: ['contact_messages', 'bookings'] },
    tags: ['venue', 'admin'],
    response: InboxCounts,
  })
  counts(): Promise<InboxCounts> {
    return this.queries.execute(new CountWaitingQuery());
  }

  @Patch('bookings/:id')
  @Endpoint({
    summary: 'Confirm or decline a booking (or change the decision); the guest is e-mailed, with the note if given',
    auth: 'admin',
    tags: ['venue', 'admin'],
    params: IdParams,
    body: UpdateBookingStatusRequest,
    response: BookingResponse,
    errors: {
      400: 'Unknown status, a note too long or a bad id',
      404: 'No such booking',
      409: 'The booking already has that status, or was decided by someone else since `expectedStatus`',
    },
  })
  async updateStatus(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidBody() body: UpdateBookingStatusRequest,
  ): Promise<BookingResponse> {
    return { success: true, booking: await this.commands.execute(new UpdateBookingStatusCommand(id, body, admin.id)) };
  }
}
