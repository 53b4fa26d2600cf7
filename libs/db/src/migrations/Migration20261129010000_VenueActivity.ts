import { Migration } from '@mikro-orm/migrations';

/**
 * What happens at a venue names it: a visit, a scan-log line and a redemption. Everything recorded
 * before venues happened at the first venue (id 1), which the column defaults say for old rows and
 * for any writer that names none. Visit points come once per club night per venue (the unique key
 * gains the venue), within a group-wide number of paying visits per member and night that a
 * manager sets in the membership settings (default 1: one venue behaves exactly as before).
 */
export class Migration20261129010000_VenueActivity extends Migration {
  override name = 'Migration20261129010000_VenueActivity';

  override up(): void | Promise<void> {
    this.addSql(`alter table "visits" add column "venue_id" int not null default 1;`);
    this.addSql(
      `alter table "visits" add constraint "visits_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on delete restrict;`,
    );
    this.addSql(`alter table "visits" drop constraint "visits_member_night_unique";`);
    this.addSql(
      `alter table "visits" add constraint "visits_member_venue_night_unique" unique ("member_id", "venue_id", "night");`,
    );

    this.addSql(`alter table "qr_scans" add column "venue_id" int not null default 1;`);
    this.addSql(
      `alter table "qr_scans" add constraint "qr_scans_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on delete restrict;`,
    );

    this.addSql(`alter table "user_coupons" add column "redeemed_venue_id" int null;`);
    this.addSql(
      `alter table "user_coupons" add constraint "user_coupons_redeemed_venue_id_foreign" foreign key ("redeemed_venue_id") references "venues" ("id") on delete restrict;`,
    );
    this.addSql(`update "user_coupons" set "redeemed_venue_id" = 1 where "redeemed_at" is not null;`);

    this.addSql(`alter table "club_settings" add column "visit_points_per_night" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "club_settings" drop column "visit_points_per_night";`);
    this.addSql(`alter table "user_coupons" drop column "redeemed_venue_id";`);
    this.addSql(`alter table "qr_scans" drop column "venue_id";`);
    this.addSql(`alter table "visits" drop constraint "visits_member_venue_night_unique";`);
    this.addSql(`delete from "visits" a using "visits" b where a.member_id = b.member_id and a.night = b.night and a.id > b.id;`);
    this.addSql(`alter table "visits" add constraint "visits_member_night_unique" unique ("member_id", "night");`);
    this.addSql(`alter table "visits" drop column "venue_id";`);
  }
}
