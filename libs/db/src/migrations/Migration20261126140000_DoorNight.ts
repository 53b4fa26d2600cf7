import { Migration } from '@mikro-orm/migrations';

/** Both tables holding short codes staff can type: a typed code finds one row of one of them. */
const SHORT_CODE_TABLES = ['user_coupons', 'member_cards'];

/**
 * Door night: members' cards and their visits, visit points in the ledger, the
 * `member.visited` webhook, the member a door scan concerns, and one namespace for typed codes.
 */
export class Migration20261126140000_DoorNight extends Migration {
  override name = 'Migration20261126140000_DoorNight';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "member_cards" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "short_code" varchar(11) not null, "issued_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "member_cards" add constraint "member_cards_member_unique" unique ("member_id");`);
    this.addSql(`alter table "member_cards" add constraint "member_cards_short_code_unique" unique ("short_code");`);
    this.addSql(
      `alter table "member_cards" add constraint "member_cards_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "visits" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "night" date not null, "recorded_by_id" uuid null, "points" int not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "visits_recorded_by_night_idx" on "visits" ("recorded_by_id", "night");`);
    this.addSql(`alter table "visits" add constraint "visits_member_night_unique" unique ("member_id", "night");`);
    this.addSql(
      `alter table "visits" add constraint "visits_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "visits" add constraint "visits_recorded_by_id_foreign" foreign key ("recorded_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in ('welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry', 'visit'));`,
    );

    this.addSql(`alter table "qr_scans" add "member_id" uuid null;`);
    this.addSql(
      `alter table "qr_scans" add constraint "qr_scans_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(`create index "qr_scans_admin_at_idx" on "qr_scans" ("admin_id", "at");`);

    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_type_check";`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_type_check" check ("event_type" in ('member.registered', 'comment.posted', 'coupon.claimed', 'coupon.redeemed', 'coupon.redemption_undone', 'booking.requested', 'member.visited'));`,
    );

    // A typed code is looked up in both tables, so a code one table holds must not be stored in
    // the other. Each unique index keeps its own table apart; this keeps the two apart, raising the
    // same error a unique index would, so the api's retry with the next candidate handles both.
    // (Two transactions storing one code in the two tables at once could both pass: at 55 bits per
    // code that is odds no door night will meet.)
    this.addSql(`create function short_code_namespace() returns trigger language plpgsql as $$
begin
  if NEW.short_code is null then return NEW; end if;
  if TG_TABLE_NAME = 'user_coupons' then
    perform 1 from member_cards where short_code = NEW.short_code;
  else
    perform 1 from user_coupons where short_code = NEW.short_code;
  end if;
  if found then
    raise exception 'short code % is already held', NEW.short_code
      using errcode = 'unique_violation', constraint = 'short_code_namespace';
  end if;
  return NEW;
end $$;`);
    for (const table of SHORT_CODE_TABLES) {
      this.addSql(
        `create trigger "${table}_short_code_namespace" before insert or update of "short_code" on "${table}" for each row execute function short_code_namespace();`,
      );
    }

    // Versions (see ResourceVersions): a card is the member's own data; a visit is too, and door
    // mode's tally counts them.
    for (const event of ['insert', 'update', 'delete']) {
      const rows = event === 'delete' ? 'old table as changed_rows' : 'new table as changed_rows';
      this.addSql(
        `create trigger "member_cards_versions_${event}" after ${event} on "member_cards" referencing ${rows} for each statement execute function note_resource_change('', 'member_id', 'member:');`,
      );
      this.addSql(
        `create trigger "visits_versions_${event}" after ${event} on "visits" referencing ${rows} for each statement execute function note_resource_change('visits', 'member_id', 'member:');`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "member_cards_versions_${event}" on "member_cards";`);
      this.addSql(`drop trigger if exists "visits_versions_${event}" on "visits";`);
    }
    for (const table of SHORT_CODE_TABLES) this.addSql(`drop trigger if exists "${table}_short_code_namespace" on "${table}";`);
    this.addSql(`drop function if exists short_code_namespace();`);

    this.addSql(`delete from "webhook_deliveries" where "event_type" = 'member.visited';`);
    this.addSql(`update "webhook_endpoints" set "events" = array_remove("events", 'member.visited');`);
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_type_check";`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_type_check" check ("event_type" in ('member.registered', 'comment.posted', 'coupon.claimed', 'coupon.redeemed', 'coupon.redemption_undone', 'booking.requested'));`,
    );

    this.addSql(`drop index "qr_scans_admin_at_idx";`);
    this.addSql(`alter table "qr_scans" drop constraint "qr_scans_member_id_foreign";`);
    this.addSql(`alter table "qr_scans" drop column "member_id";`);

    // The ledger is append-only: while visit rows exist the old check cannot be restored, and this
    // fails rather than rewrite members' history.
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in ('welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry'));`,
    );

    this.addSql(`drop table if exists "visits" cascade;`);
    this.addSql(`drop table if exists "member_cards" cascade;`);
  }
}
