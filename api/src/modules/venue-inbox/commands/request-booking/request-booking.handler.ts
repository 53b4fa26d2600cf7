import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BOOKING_SERVICE_LABELS } from '@nocturne/contracts';
import { bookingProblemMessage, bookingTimeProblems, fullyBookedMessage } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { BookingClock } from '#modules/venue-inbox/booking-clock.js';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { BookingCapacitiesRepository } from '#modules/venue-inbox/booking-capacities.repository.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { RequestBookingCommand } from './request-booking.command.js';
import { VenueInboxFailure } from '#modules/venue-inbox/venue-inbox-failure.js';

/** Acknowledgements one address gets in a day at most; past that the booking is kept, the guest not e-mailed again. */
const ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY = 3;

/**
 * Stores a booking request with its two pending e-mails (venue inbox, guest acknowledgement) and
 * the BookingRequested event in one transaction, for the venue it names (its inbox, hours, zone and
 * capacity). The night and the time are required and judged in that venue's time (PRODUCT.md §2.3): before 06:00 "tonight" is the night that began yesterday, so a
 * request at 01:30 for its 02:00 slot is accepted; an ended night, a slot begun, a time outside
 * the night's opening hours or a night more than 6 months ahead is refused with words naming the
 * night. A night whose bookings for the service have reached the manager's capacity is refused
 * (409), counted under a lock so two requests cannot take its last place.
 */
@CommandHandler(RequestBookingCommand)
export class RequestBookingHandler implements ICommandHandler<RequestBookingCommand, { id: string }> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
    private readonly places: BookingCapacitiesRepository,
    private readonly clock: BookingClock,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ input, ip }: RequestBookingCommand): Promise<{ id: string }> {
    const venue = await requestVenue(this.venues, input.venue);
    // The night, its slots and "tonight" are the venue's: its own zone and opening hours.
    const problems = bookingTimeProblems(input, this.clock.now(), venue.timeZone, venue.openingHours);
    if (problems.length > 0) {
      const issues = problems.map((problem) => ({ path: problem.field, message: bookingProblemMessage(problem) }));
      throw new VenueInboxFailure('invalid', issues.map((issue) => issue.message).join(' '), { issues });
    }
    const night = input.date!;
    return this.unitOfWork.run(async (tx, raise) => {
      await this.places.lockNightService(tx, venue.id, night, input.service);
      const places = await this.places.placesOf(tx, venue.id, night, input.service);
      if (places.capacity !== null && places.booked >= places.capacity) {
        const message = fullyBookedMessage(night, BOOKING_SERVICE_LABELS[input.service]);
        throw new VenueInboxFailure('conflict', message, { issues: [{ path: 'date', message }] });
      }
      const id = await this.inbox.insertBooking(tx, {
        venue_id: venue.id,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        date: night,
        time: input.time ?? null,
        guests: input.guests,
        service: input.service,
        message: input.message ?? null,
        ip,
      });
      await this.inbox.insertDelivery(tx, {
        subject_type: 'booking',
        subject_id: id,
        kind: 'venue-notification',
        recipient: venue.inboxEmail,
      });
      // Nobody's inbox is flooded through our form: a few acknowledgements per address a day.
      if ((await this.inbox.acknowledgementsInLastDay(tx, input.email)) < ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY) {
        await this.inbox.insertDelivery(tx, {
          subject_type: 'booking',
          subject_id: id,
          kind: 'guest-acknowledgement',
          recipient: input.email,
        });
      }
      await raise(domainEvent('BookingRequested', id, { bookingId: id }));
      return { id };
    });
  }
}
