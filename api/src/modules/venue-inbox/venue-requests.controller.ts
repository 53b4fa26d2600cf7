import { randomUUID } from 'node:crypto';
import { Controller, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  BookingAvailability,
  BookingAvailabilityQuery,
  BookingCancellation,
  BookingCancelToken,
  BookingRequest,
  ContactRequest,
  CreatedResponse,
  endpoints,
  IdParams,
  VenueInfo,
} from '@nocturne/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams, ValidQuery } from '#common/http/input.decorators.js';
import { LIMITS, RateLimiter } from '../auth/auth.public.js';
import { ReceiveContactMessageCommand } from './commands/receive-contact-message/receive-contact-message.command.js';
import { CancelBookingCommand } from './commands/cancel-booking/cancel-booking.command.js';
import { RequestBookingCommand } from './commands/request-booking/request-booking.command.js';
import { GetBookingAvailabilityQuery } from './queries/get-booking-availability/get-booking-availability.query.js';
import { GetBookingCancellationQuery } from './queries/get-booking-cancellation/get-booking-cancellation.query.js';

type Created = z.infer<typeof CreatedResponse>;

@Controller()
export class VenueRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  @Endpoint(endpoints.getVenue)
  venue(): VenueInfo {
    return { timeZone: this.config.VENUE_TZ };
  }

  @Endpoint(endpoints.sendContactMessage)
  async contact(@ValidBody() body: ContactRequest, @Req() request: FastifyRequest): Promise<Created> {
    await this.limiter.hit(LIMITS.contactPerIp, request.ip);
    const { id } = await this.commands.execute(new ReceiveContactMessageCommand(body, request.ip));
    return { success: true, id };
  }

  @Endpoint(endpoints.requestBooking)
  async book(@ValidBody() body: BookingRequest, @Req() request: FastifyRequest): Promise<Created> {
    await this.limiter.hit(LIMITS.bookingPerIp, request.ip);
    // A bot that filled the hidden field is told it worked, and nothing is stored or e-mailed.
    if (body.website?.trim()) return { success: true, id: randomUUID() };
    const { id } = await this.commands.execute(new RequestBookingCommand(body, request.ip));
    return { success: true, id };
  }

  @Endpoint(endpoints.getBookingAvailability)
  availability(@ValidQuery() query: BookingAvailabilityQuery): Promise<BookingAvailability> {
    return this.queries.execute(new GetBookingAvailabilityQuery(query));
  }

  @Endpoint(endpoints.getBookingCancellation)
  cancellation(
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidQuery() { token }: BookingCancelToken,
  ): Promise<BookingCancellation> {
    return this.queries.execute(new GetBookingCancellationQuery(id, token));
  }

  @Endpoint(endpoints.cancelBooking)
  cancel(
    @ValidParams() { id }: z.infer<typeof IdParams>,
    @ValidBody() { token }: BookingCancelToken,
  ): Promise<BookingCancellation> {
    return this.commands.execute(new CancelBookingCommand(id, token));
  }
}
