import { Migration } from '@mikro-orm/migrations';

/**
 * Booking requests, a night's places and contact messages belong to a venue: each venue has its
 * own inbox, opening hours and capacity per night and service. Every existing row is venue 1's
 * (the default), so an install of one venue counts, lists and e-mails exactly as before.
 */
export class Migration20261129020100_InboxVenues extends Migration {
  override name = 'Migration20261129020100_InboxVenues';

  override up(): void | Promise<void> {
    for (const table of ['bookings', 'contact_messages', 'booking_capacities']) {
      this.addSql(`alter table "${table}" add column "venue_id" int not null default 1;`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on delete restrict;`,
      );
    }
    // A venue's capacity and its bookings per night and service.
    this.addSql(`alter table "booking_capacities" drop constraint "booking_capacities_night_service_unique";`);
    this.addSql(
      `alter table "booking_capacities" add constraint "booking_capacities_venue_night_service_unique" unique ("venue_id", "night", "service");`,
    );
    this.addSql(`drop index "bookings_date_service_idx";`);
    this.addSql(`create index "bookings_venue_date_service_idx" on "bookings" ("venue_id", "date", "service");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "bookings_venue_date_service_idx";`);
    this.addSql(`create index "bookings_date_service_idx" on "bookings" ("date", "service");`);
    this.addSql(`alter table "booking_capacities" drop constraint "booking_capacities_venue_night_service_unique";`);
    this.addSql(`delete from "booking_capacities" where "venue_id" <> 1;`);
    this.addSql(
      `alter table "booking_capacities" add constraint "booking_capacities_night_service_unique" unique ("night", "service");`,
    );
    for (const table of ['bookings', 'contact_messages', 'booking_capacities']) {
      this.addSql(`alter table "${table}" drop column "venue_id";`);
    }
  }
}
