import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOKING_SERVICES, type BookingCapacityView } from '@nocturne/contracts';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { BookingCapacitiesRepository } from '#modules/venue-inbox/booking-capacities.repository.js';
import { ListBookingCapacitiesQuery } from './list-booking-capacities.query.js';

/** Every service of a night: the capacity a manager set (null: none) and the bookings holding a place. */
@QueryHandler(ListBookingCapacitiesQuery)
export class ListBookingCapacitiesHandler implements IQueryHandler<ListBookingCapacitiesQuery, BookingCapacityView[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly places: BookingCapacitiesRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ night, venue: ref }: ListBookingCapacitiesQuery): Promise<BookingCapacityView[]> {
    const venue = await requestVenue(this.venues, ref, { open: false });
    const { capacities, booked } = await this.places.placesOfNight(this.em, venue.id, night);
    return BOOKING_SERVICES.map((service) => {
      const capacity = capacities.find((row) => row.service === service)?.capacity ?? null;
      const taken = booked.find((row) => row.service === service)?.n ?? 0;
      return { night, service, capacity, booked: taken, full: capacity !== null && taken >= capacity };
    });
  }
}
