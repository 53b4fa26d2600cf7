import { Migration } from '@mikro-orm/migrations';

/**
 * A venue group: the venues an install runs, the door devices a manager names at each, and the
 * venues a door or manager account works at. A database from before venues becomes a group of one
 * venue (id 1): its zone, inbox, hours and location stay unset, so VENUE_TZ, VENUE_INBOX, the
 * domain's opening hours and WALLET_VENUE_LOCATION still decide them and nothing changes for
 * anyone. No staffer gets a venue row: every existing account keeps working at every venue.
 */
export class Migration20261129000000_Venues extends Migration {
  override name = 'Migration20261129000000_Venues';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "venues" ("id" serial primary key, "slug" varchar(40) not null, "name" varchar(80) not null, "kind" text not null default 'NightClub', "street" varchar(120) not null default '', "locality" varchar(80) not null default '', "region" varchar(80) not null default '', "postal_code" varchar(20) not null default '', "country" varchar(60) not null default '', "phone" varchar(40) not null default '', "inbox_email" varchar(254) null, "time_zone" varchar(64) null, "opening_hours" jsonb null, "latitude" double precision null, "longitude" double precision null, "position" int not null default 0, "archived_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "venues" add constraint "venues_slug_unique" unique ("slug");`);
    this.addSql(`alter table "venues" add constraint "venues_kind_check" check ("kind" in ('NightClub', 'BarOrPub'));`);
    this.addSql(
      `insert into "venues" ("id", "slug", "name", "kind", "street", "locality", "region", "country", "phone") values (1, 'nocturne', 'Nocturne', 'NightClub', '88 Lonsdale Lane', 'Surry Hills', 'NSW 2010', 'Australia', '+61 2 9000 1234');`,
    );
    this.addSql(`select setval('venues_id_seq', 1);`);

    this.addSql(
      `create table "staff_venues" ("member_id" uuid not null, "venue_id" int not null, "granted_at" timestamptz not null default now(), primary key ("member_id", "venue_id"));`,
    );
    this.addSql(
      `alter table "staff_venues" add constraint "staff_venues_member_id_foreign" foreign key ("member_id") references "members" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "staff_venues" add constraint "staff_venues_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "door_devices" ("id" uuid not null default gen_random_uuid(), "venue_id" int not null, "name" varchar(40) not null, "archived_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "door_devices" add constraint "door_devices_venue_name_unique" unique ("venue_id", "name");`);
    this.addSql(
      `alter table "door_devices" add constraint "door_devices_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "door_devices" cascade;`);
    this.addSql(`drop table if exists "staff_venues" cascade;`);
    this.addSql(`drop table if exists "venues" cascade;`);
  }
}
