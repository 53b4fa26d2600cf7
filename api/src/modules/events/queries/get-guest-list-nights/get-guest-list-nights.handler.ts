import { EntityManager } from '@mikro-orm/postgresql';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { GuestListNights } from '@nocturne/contracts';
import { addDays, clubNightOf, nightInstant } from '@nocturne/domain';
import { GuestListsRepository } from '#modules/events/guest-lists.repository.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { GetGuestListNightsQuery } from './get-guest-list-nights.query.js';

/**
 * The overview's guest-list line at a venue (one the account works at): tonight's lists added up
 * ("List 120, in 84"; the no-show once every list's last entry has passed) and last night's.
 */
@QueryHandler(GetGuestListNightsQuery)
export class GetGuestListNightsHandler implements IQueryHandler<GetGuestListNightsQuery, GuestListNights> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: GuestListsRepository,
    private readonly lists: GuestLists,
  ) {}

  async execute({ staff, venueId }: GetGuestListNightsQuery): Promise<GuestListNights> {
    const em = this.em.fork();
    const venue = await this.lists.ruleVenue(em, staff, venueId);
    const now = new Date();
    const tonight = clubNightOf(now, venue.timeZone);
    return {
      venueId: venue.id,
      tonight: await this.totals(em, venue, tonight, now),
      lastNight: await this.totals(em, venue, addDays(tonight, -1), now),
    };
  }

  private async totals(em: EntityManager, venue: VenueRecord, night: string, now: Date) {
    const rows = await this.repository.nightTotals(em, venue.id, night);
    if (rows.length === 0) return null;
    const sum = (pick: (row: (typeof rows)[number]) => string | null) =>
      rows.reduce((total, row) => total + Number(pick(row) ?? 0), 0);
    const entries = sum((row) => row.entries);
    const places = sum((row) => row.places);
    const arrived = sum((row) => row.arrived);
    const came = sum((row) => row.came);
    const over = rows.every((row) => now.getTime() >= nightInstant(night, row.last_entry, venue.timeZone).getTime());
    const noShowPercent = over && entries > 0 ? Math.round((100 * (entries - came)) / entries) : null;
    const summary = `List ${places}, in ${arrived}${noShowPercent === null ? '' : `, no-show ${noShowPercent}%`}`;
    return { night, entries, places, arrived, noShowPercent, summary };
  }
}
