import { randomUUID } from 'node:crypto';
import { Controller, Get, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BookingRequest, ContactRequest, CreatedResponse, VenueInfo } from '@nocturne/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { LIMITS, RateLimiter } from '../auth/auth.public.js';
import { ReceiveContactMessageCommand } from './commands/receive-contact-message/receive-contact-message.command.js';
import { RequestBookingCommand } from './commands/request-booking/request-booking.command.js';

type Created = z.infer<typeof CreatedResponse>;

@Controller()
export class VenueRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  @Get('venue')
  @Endpoint({
    summary: "The venue's time zone (VENUE_TZ): booking dates, club nights and the times staff see are in it",
    auth: 'public',
    tags: ['venue'],
    response: VenueInfo,
  })
  venue(): VenueInfo {
    return { timeZone: this.config.VENUE_TZ };
  }

  @Post('contact')
  @Endpoint({
    summary: 'Send a message to the venue (stored, then e-mailed to the venue inbox)',
    auth: 'public',
    tags: ['venue'],
    body: ContactRequest,
    response: CreatedResponse,
    status: 202,
    errors: { 400: 'A required field is missing or malformed', 429: 'Too many messages from this address' },
  })
  async contact(@ValidBody() body: ContactRequest, @Req() request: FastifyRequest): Promise<Created> {
    await this.limiter.hit(LIMITS.contactPerIp, request.ip);
    const { id } = await this.commands.execute(new ReceiveContactMessageCommand(body, request.ip));
    return { success: true, id };
  }

  @Post('bookings')
  @Endpoint({
    summary: 'Request a booking (stored; the venue is e-mailed and the guest gets an acknowledgement)',
    auth: 'public',
    tags: ['venue'],
    body: BookingRequest,
    response: CreatedResponse,
    status: 201,
    errors: {
      400: 'A required field is missing, the date is in the past (venue time), or the form was sent within 3 s of opening',
      429: 'Too many booking requests from this address',
    },
  })
  async book(@ValidBody() body: BookingRequest, @Req() request: FastifyRequest): Promise<Created> {
    await this.limiter.hit(LIMITS.bookingPerIp, request.ip);
    // A bot that filled the hidden field is told it worked, and nothing is stored or e-mailed.
    if (body.website?.trim()) return { success: true, id: randomUUID() };
    const { id } = await this.commands.execute(new RequestBookingCommand(body, request.ip));
    return { success: true, id };
  }
}
