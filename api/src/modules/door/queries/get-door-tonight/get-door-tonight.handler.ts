import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorTonight } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { DoorCoupons } from '#modules/coupons/coupons.public.js';
import { DoorRepository } from '#modules/door/door.repository.js';
import { GuestListAtDoor } from '#modules/events/events.public.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { GetDoorTonightQuery } from './get-door-tonight.query.js';

/**
 * Door mode's tally: tonight's club night at the door's venue (06:00 to 06:00 in its zone) and
 * what this staffer did there in it: redemptions accepted, visits recorded, redemptions undone (each undo is also still
 * counted among the redemptions it took back), and people let in from guest lists; with a named door of the venue,
 * that door's tally tonight, whichever account stood at it.
 */
@QueryHandler(GetDoorTonightQuery)
export class GetDoorTonightHandler implements IQueryHandler<GetDoorTonightQuery, DoorTonight> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: DoorCoupons,
    private readonly repository: DoorRepository,
    private readonly staffVenues: StaffVenues,
    private readonly venues: VenueDirectory,
    private readonly guestList: GuestListAtDoor,
  ) {}

  async execute({ staffId, staffRole, venueId, doorId }: GetDoorTonightQuery): Promise<DoorTonight> {
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    const { night, start, end } = clubNightBounds(new Date(), venue.timeZone);
    const [tally, visits, guests, [door]] = await Promise.all([
      this.coupons.tally(this.em, staffId, start, end, venue.id),
      this.repository.countVisitsBy(this.em, staffId, night, venue.id),
      this.guestList.guestsLetInBy(this.em, staffId, night, venue.id),
      doorId ? this.repository.doorTallies(this.em, [{ venueId: venue.id, start, end }], doorId) : [],
    ]);
    // People let in from tonight's guest lists, once there are some (a night without lists reads as before).
    const mine = { redemptions: tally.redemptions, visits, undone: tally.undone, ...(guests > 0 ? { guests } : {}) };
    // A group of one venue answers as before venues: no venue named.
    const answer: DoorTonight = (await this.venues.single()) ? { night, mine } : { night, venueId: venue.id, mine };
    return door ? { ...answer, door: { name: door.name, redemptions: door.redemptions, cards: door.cards } } : answer;
  }
}
