import { Migration } from '@mikro-orm/migrations';

/**
 * Apple Wallet passes handed out (a member's card, their claimed coupons) and the devices that
 * registered for their updates (PassKit web service). Both go with the member.
 */
export class Migration20261126182000_WalletPasses extends Migration {
  override name = 'Migration20261126182000_WalletPasses';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "wallet_passes" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "kind" text not null, "subject" varchar(60) not null, "auth_token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "wallet_passes" add constraint "wallet_passes_kind_check" check ("kind" in ('coupon', 'card'));`);
    this.addSql(`alter table "wallet_passes" add constraint "wallet_passes_subject_unique" unique ("subject");`);
    this.addSql(`create index "wallet_passes_member_idx" on "wallet_passes" ("member_id");`);
    this.addSql(
      `alter table "wallet_passes" add constraint "wallet_passes_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "wallet_registrations" ("device_library_id" varchar(100) not null, "pass_id" uuid not null, "push_token" varchar(200) not null, "created_at" timestamptz not null default now(), primary key ("device_library_id", "pass_id"));`,
    );
    this.addSql(`create index "wallet_registrations_pass_idx" on "wallet_registrations" ("pass_id");`);
    this.addSql(
      `alter table "wallet_registrations" add constraint "wallet_registrations_pass_id_foreign" foreign key ("pass_id") references "wallet_passes" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "wallet_registrations" cascade;`);
    this.addSql(`drop table if exists "wallet_passes" cascade;`);
  }
}
