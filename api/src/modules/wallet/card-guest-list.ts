import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { addDays, eventNightLabel, nightInstant } from '@nocturne/domain';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { WalletRepository } from './wallet.repository.js';

/**
 * The card pass's guest-list line: the nearest coming night the member is on a list for, until
 * its last entry ("Fri 4 Dec · +2 · free until 23:30"; a group names the venue first). Joining or
 * leaving a list raises an event whose `wallet.update-passes` job marks the card changed, so
 * Apple devices fetch it again through the PassKit web service.
 */
@Injectable()
export class CardGuestList {
  constructor(
    private readonly repository: WalletRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async lineOf(em: EntityManager, memberId: string, now = new Date()): Promise<string | null> {
    // From two days before today in UTC: a night still under way in any zone is among them.
    const rows = await this.repository.guestListEntries(em, memberId, addDays(now.toISOString().slice(0, 10), -2));
    for (const row of rows) {
      const venue = await this.venues.get(row.venue_id);
      if (!venue) continue;
      if (nightInstant(row.night, row.last_entry, venue.timeZone).getTime() <= now.getTime()) continue;
      const parts = [
        ...((await this.venues.single()) ? [] : [venue.name]),
        eventNightLabel(row.night).replace(/ \d{4}$/, ''),
        ...(row.plus_ones > 0 ? [`+${row.plus_ones}`] : []),
        ...(row.list_free_until ? [`free until ${row.list_free_until}`] : []),
      ];
      return parts.join(' · ');
    }
    return null;
  }
}
