import { Migration } from '@mikro-orm/migrations';

/**
 * Bookings that fit the night: the places a manager sets per club night and service,
 * a guest's cancellation through the link in their e-mail, and the index the checks count by.
 */
export class Migration20261126160000_BookingNights extends Migration {
  override name = 'Migration20261126160000_BookingNights';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "booking_capacities" ("id" uuid not null default gen_random_uuid(), "night" date not null, "service" varchar(30) not null, "capacity" int not null, "updated_by_id" uuid null, "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `alter table "booking_capacities" add constraint "booking_capacities_night_service_unique" unique ("night", "service");`,
    );
    this.addSql(`alter table "booking_capacities" add constraint "booking_capacities_capacity_check" check ("capacity" >= 0);`);
    this.addSql(
      `alter table "booking_capacities" add constraint "booking_capacities_updated_by_id_foreign" foreign key ("updated_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(`alter table "bookings" drop constraint "bookings_status_check";`);
    this.addSql(
      `alter table "bookings" add constraint "bookings_status_check" check ("status" in ('requested', 'confirmed', 'declined', 'cancelled'));`,
    );
    this.addSql(`alter table "bookings" add "cancelled_at" timestamptz null;`);
    this.addSql(`create index "bookings_date_service_idx" on "bookings" ("date", "service");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "bookings_date_service_idx";`);
    this.addSql(`alter table "bookings" drop column "cancelled_at";`);
    this.addSql(`update "bookings" set "status" = 'declined' where "status" = 'cancelled';`);
    this.addSql(`alter table "bookings" drop constraint "bookings_status_check";`);
    this.addSql(
      `alter table "bookings" add constraint "bookings_status_check" check ("status" in ('requested', 'confirmed', 'declined'));`,
    );
    this.addSql(`drop table "booking_capacities";`);
  }
}
