import { Migration } from '@mikro-orm/migrations';

/** Birthdays: one birthday coupon per member and year (the unique key), and the coupon it gave. */
export class Migration20261126185100_BirthdayGrants extends Migration {
  override name = 'Migration20261126185100_BirthdayGrants';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "birthday_grants" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "year" int not null, "user_coupon_id" uuid null, "granted_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `alter table "birthday_grants" add constraint "birthday_grants_member_year_unique" unique ("member_id", "year");`,
    );
    this.addSql(
      `alter table "birthday_grants" add constraint "birthday_grants_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "birthday_grants" cascade;`);
  }
}
