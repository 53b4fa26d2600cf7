import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BookingAvailability } from '@nocturne/contracts';
import { bookableNights } from '@nocturne/domain';
import { BookingClock } from '#modules/venue-inbox/booking-clock.js';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { BookingCapacitiesRepository } from '#modules/venue-inbox/booking-capacities.repository.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { GetBookingAvailabilityQuery } from './get-booking-availability.query.js';

/**
 * What the booking form's date picker needs before anyone types: the nights that can be booked
 * now at the venue it names (tonight, in that venue's time, to 6 months ahead) and, within them, the nights and services full.
 */
@QueryHandler(GetBookingAvailabilityQuery)
export class GetBookingAvailabilityHandler implements IQueryHandler<GetBookingAvailabilityQuery, BookingAvailability> {
  constructor(
    private readonly em: EntityManager,
    private readonly places: BookingCapacitiesRepository,
    private readonly clock: BookingClock,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ range }: GetBookingAvailabilityQuery): Promise<BookingAvailability> {
    const venue = await requestVenue(this.venues, range.venue);
    const { first, last } = bookableNights(this.clock.now(), venue.timeZone);
    const from = range.from && range.from > first ? range.from : first;
    const to = range.to && range.to < last ? range.to : last;
    const full = from <= to ? await this.places.fullNights(this.em, venue.id, from, to) : [];
    return {
      firstNight: first,
      lastNight: last,
      full: full.map((row) => ({ night: row.night, service: row.service as BookingAvailability['full'][number]['service'] })),
    };
  }
}
