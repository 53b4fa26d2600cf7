import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BookingCapacityView } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { BookingCapacitiesRepository } from '#modules/venue-inbox/booking-capacities.repository.js';
import { SetBookingCapacityCommand } from './set-booking-capacity.command.js';

/**
 * A manager sets how many bookings a night takes for a service (null: no limit). Bookings already
 * taken stay; a capacity below them makes the night full for new requests.
 */
@CommandHandler(SetBookingCapacityCommand)
export class SetBookingCapacityHandler implements ICommandHandler<SetBookingCapacityCommand, BookingCapacityView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly places: BookingCapacitiesRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ input, adminId }: SetBookingCapacityCommand): Promise<BookingCapacityView> {
    const venue = await requestVenue(this.venues, input.venue, { open: false });
    return this.unitOfWork.run(async (tx) => {
      await this.places.lockNightService(tx, venue.id, input.night, input.service);
      await this.places.setCapacity(tx, {
        venueId: venue.id,
        night: input.night,
        service: input.service,
        capacity: input.capacity,
        adminId,
      });
      const { capacity, booked } = await this.places.placesOf(tx, venue.id, input.night, input.service);
      return { night: input.night, service: input.service, capacity, booked, full: capacity !== null && booked >= capacity };
    });
  }
}
