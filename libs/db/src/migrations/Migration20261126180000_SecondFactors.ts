import { Migration } from '@mikro-orm/migrations';

/**
 * A second factor for staff: TOTP secrets and passkeys, hashed one-time recovery codes,
 * devices remembered for at most 12 hours, and whether a session has given its second factor.
 */
export class Migration20261126180000_SecondFactors extends Migration {
  override name = 'Migration20261126180000_SecondFactors';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "second_factors" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "kind" text check ("kind" in ('totp', 'passkey')) not null, "label" varchar(100) not null, "totp_secret" varchar(64) null, "last_step" int null, "credential_id" varchar(1400) null, "public_key" text null, "sign_count" int not null default 0, "transports" varchar(200) null, "confirmed_at" timestamptz null, "last_used_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "second_factors_member_id_index" on "second_factors" ("member_id");`);
    this.addSql(`alter table "second_factors" add constraint "second_factors_credential_id_unique" unique ("credential_id");`);
    this.addSql(
      `alter table "second_factors" add constraint "second_factors_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "recovery_codes" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "code_hash" varchar(64) not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "recovery_codes_member_id_index" on "recovery_codes" ("member_id");`);
    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_code_hash_unique" unique ("code_hash");`);
    this.addSql(
      `alter table "recovery_codes" add constraint "recovery_codes_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "remembered_devices" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "remembered_devices_member_id_index" on "remembered_devices" ("member_id");`);
    this.addSql(`alter table "remembered_devices" add constraint "remembered_devices_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "remembered_devices" add constraint "remembered_devices_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(`alter table "sessions" add "second_factor_ok" boolean not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "second_factor_ok";`);
    this.addSql(`drop table if exists "remembered_devices" cascade;`);
    this.addSql(`drop table if exists "recovery_codes" cascade;`);
    this.addSql(`drop table if exists "second_factors" cascade;`);
  }
}
