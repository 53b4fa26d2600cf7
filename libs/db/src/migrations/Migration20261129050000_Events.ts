import { Migration } from '@mikro-orm/migrations';

/**
 * Nights as events: each venue's club nights with their line-up, door times (venue wall-clock on
 * the night's date), price, policies, poster and guest-list terms; each night's guest list (the
 * row sign-ups lock, and whether staff closed it), the names on it, and each venue's no-show rule.
 */
export class Migration20261129050000_Events extends Migration {
  override name = 'Migration20261129050000_Events';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "events" ("id" uuid not null default gen_random_uuid(), "venue_id" int not null, "slug" varchar(80) not null, "title" varchar(120) not null, "description" text not null default '', "line_up" text[] not null default '{}', "night" date not null, "doors_open" varchar(5) not null, "last_entry" varchar(5) not null, "repeats_weekly" boolean not null default false, "repeat_until" date null, "age_policy" varchar(80) not null default '18+', "price_cents" int not null default 0, "currency" varchar(3) not null default 'AUD', "dress_code" varchar(200) not null default '', "capacity" int null, "poster_path" varchar(300) null, "status" text not null default 'draft', "list_capacity" int null, "list_free_until" varchar(5) null, "list_cutoff" varchar(5) null, "announcement_post_id" uuid null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "events_venue_night_idx" on "events" ("venue_id", "night");`);
    this.addSql(`alter table "events" add constraint "events_slug_unique" unique ("slug");`);
    this.addSql(`alter table "events" add constraint "events_status_check" check ("status" in ('draft', 'published'));`);
    this.addSql(
      `alter table "events" add constraint "events_numbers_check" check ("price_cents" >= 0 and ("capacity" is null or "capacity" > 0) and ("list_capacity" is null or "list_capacity" >= 0));`,
    );
    this.addSql(
      `alter table "events" add constraint "events_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "events" add constraint "events_created_by_id_foreign" foreign key ("created_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(
      `create table "guest_lists" ("event_id" uuid not null, "night" date not null, "closed_at" timestamptz null, "closed_by_id" uuid null, primary key ("event_id", "night"));`,
    );
    this.addSql(
      `alter table "guest_lists" add constraint "guest_lists_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "guest_lists" add constraint "guest_lists_closed_by_id_foreign" foreign key ("closed_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(
      `create table "guest_list_entries" ("id" uuid not null default gen_random_uuid(), "event_id" uuid not null, "night" date not null, "member_id" uuid null, "guest_name" varchar(80) null, "guest_email" varchar(254) null, "plus_ones" smallint not null default 0, "added_by_id" uuid null, "created_at" timestamptz not null default now(), "arrived_count" smallint null, "arrived_at" timestamptz null, "arrived_by_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "guest_list_entries_member_idx" on "guest_list_entries" ("member_id");`);
    this.addSql(
      `alter table "guest_list_entries" add constraint "guest_list_entries_member_unique" unique ("event_id", "night", "member_id");`,
    );
    this.addSql(
      `alter table "guest_list_entries" add constraint "guest_list_entries_party_check" check ("plus_ones" between 0 and 10 and ("arrived_count" is null or "arrived_count" between 0 and "plus_ones" + 1) and ("member_id" is not null or ("guest_name" is not null and "guest_email" is not null)));`,
    );
    this.addSql(
      `alter table "guest_list_entries" add constraint "guest_list_entries_event_id_foreign" foreign key ("event_id") references "events" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "guest_list_entries" add constraint "guest_list_entries_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "guest_list_entries" add constraint "guest_list_entries_added_by_id_foreign" foreign key ("added_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "guest_list_entries" add constraint "guest_list_entries_arrived_by_id_foreign" foreign key ("arrived_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(
      `create table "guest_list_rules" ("venue_id" int not null, "no_shows" smallint not null, "within_days" smallint not null, "pause_days" smallint not null, "updated_at" timestamptz not null default now(), primary key ("venue_id"));`,
    );
    this.addSql(
      `alter table "guest_list_rules" add constraint "guest_list_rules_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "guest_list_rules" cascade;`);
    this.addSql(`drop table if exists "guest_list_entries" cascade;`);
    this.addSql(`drop table if exists "guest_lists" cascade;`);
    this.addSql(`drop table if exists "events" cascade;`);
  }
}
