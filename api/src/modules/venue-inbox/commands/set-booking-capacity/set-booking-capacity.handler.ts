import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BookingCapacityView } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { SetBookingCapacityCommand } from './set-booking-capacity.command.js';

/**
 * A manager sets how many bookings a night takes for a service (null: no limit). Bookings already
 * taken stay; a capacity below them makes the night full for new requests.
 */
@CommandHandler(SetBookingCapacityCommand)
export class SetBookingCapacityHandler implements ICommandHandler<SetBookingCapacityCommand, BookingCapacityView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
  ) {}

  async execute({ input, adminId }: SetBookingCapacityCommand): Promise<BookingCapacityView> {
    return this.unitOfWork.run(async (tx) => {
      await this.inbox.lockNightService(tx, input.night, input.service);
      await this.inbox.setCapacity(tx, { ...input, adminId });
      const { capacity, booked } = await this.inbox.placesOf(tx, input.night, input.service);
      return { night: input.night, service: input.service, capacity, booked, full: capacity !== null && booked >= capacity };
    });
  }
}
