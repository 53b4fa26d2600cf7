import { Migration } from '@mikro-orm/migrations';

/**
 * The overview's tonight at each venue counts the venue's visits of its club night: an index on
 * (venue, night) reads them directly instead of every member's visits.
 */
export class Migration20261130020000_VisitsVenueNight extends Migration {
  override name = 'Migration20261130020000_VisitsVenueNight';

  override up(): void | Promise<void> {
    this.addSql(`create index "visits_venue_night_idx" on "visits" ("venue_id", "night");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "visits_venue_night_idx";`);
  }
}
