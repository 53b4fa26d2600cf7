import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MarkArrivedResponse } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { Visits } from '#modules/door/visits.service.js';
import { GuestListAtDoor, MarkGuestsArrivedCommand } from '#modules/events/events.public.js';
import { StaffVenues } from '#modules/venues/venues.public.js';

/**
 * Marking a guest-list party in at the door's venue (the events module keeps the list): a member's
 * entry used is their visit that night, recorded through Visits as a card's check records it, so
 * a member let in by name earns it too, once per night per venue (a card scanned before or after
 * finds it already recorded).
 */
@CommandHandler(MarkGuestsArrivedCommand)
export class MarkGuestsArrivedHandler implements ICommandHandler<MarkGuestsArrivedCommand, MarkArrivedResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly staffVenues: StaffVenues,
    private readonly guestList: GuestListAtDoor,
    private readonly visits: Visits,
  ) {}

  async execute({ entryId, count, staffId, staffRole, venueId }: MarkGuestsArrivedCommand): Promise<MarkArrivedResponse> {
    // Read before the transaction, so it waits on no second connection (as a check).
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    return this.unitOfWork.run(async (tx, raise) => {
      const { memberId, ...marked } = await this.guestList.markArrived(tx, entryId, count, staffId, venue, new Date());
      if (memberId === null || count === 0) return marked;
      const visit = await this.visits.record(tx, raise, memberId, staffId, venue);
      if (!visit.recorded) return marked;
      return { ...marked, message: `${marked.message}: visit recorded${visit.points > 0 ? `, +${visit.points} points` : ''}` };
    });
  }
}
