import { Injectable } from '@nestjs/common';

/**
 * The instant the booking rules are judged at ("tonight", the slots begun, 6 months ahead). One
 * object the module injects, so a test can set the venue's clock to 01:30 without faking timers.
 */
@Injectable()
export class BookingClock {
  now(): Date {
    return new Date();
  }
}
