import { Migration } from '@mikro-orm/migrations';

export class Migration20261121220942_Initial extends Migration {
  override name = 'Migration20261121220942_Initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "members" ("id" uuid not null default gen_random_uuid(), "email" varchar(254) not null, "first_name" varchar(100) not null, "last_name" varchar(100) null, "password_hash" varchar(300) not null, "is_admin" boolean not null default false, "current_points" int not null default 0, "total_points" int not null default 0, "member_tier" text not null default 'bronze', "ac_contact_id" varchar(50) null, "ac_synced_at" timestamptz null, "ac_sync_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "members" add constraint "members_email_unique" unique ("email");`);

    this.addSql(
      `create table "outbox" ("id" bigserial primary key, "type" varchar(100) not null, "aggregate_id" varchar(100) not null, "correlation_id" varchar(100) null, "payload" jsonb not null, "created_at" timestamptz not null default now(), "published_at" timestamptz null, "attempts" int not null default 0, "last_error" text null);`,
    );

    this.addSql(
      `create table "password_reset_tokens" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "request_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "password_reset_tokens_member_id_index" on "password_reset_tokens" ("member_id");`);
    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_request_id_unique" unique ("request_id");`,
    );
    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "point_transactions" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "points" int not null, "kind" text not null, "description" varchar(300) not null, "source_type" varchar(50) not null, "source_id" varchar(100) not null, "reverses_id" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_reverses_id_unique" unique ("reverses_id");`,
    );
    this.addSql(`create index "point_transactions_member_created_idx" on "point_transactions" ("member_id", "created_at");`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_source_unique" unique ("member_id", "kind", "source_id");`,
    );

    this.addSql(
      `create table "sessions" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "last_seen_at" timestamptz not null default now(), "expires_at" timestamptz not null, "revoked_at" timestamptz null, "user_agent" varchar(300) null, "ip" varchar(64) null, primary key ("id"));`,
    );
    this.addSql(`create index "sessions_member_id_index" on "sessions" ("member_id");`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `alter table "members" add constraint "members_member_tier_check" check ("member_tier" in ('bronze', 'silver', 'gold', 'platinum'));`,
    );

    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in ('welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment'));`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    // Hand-written additions to the generated schema (reviewed):
    // the ledger is append-only; corrections are new, linked reversal rows.
    this.addSql(`create function point_transactions_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'point_transactions is append-only: % refused', tg_op using errcode = 'restrict_violation';
      end $$;`);
    this.addSql(
      `create trigger point_transactions_append_only before update or delete or truncate on "point_transactions" for each statement execute function point_transactions_append_only();`,
    );
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_reverses_fk" foreign key ("reverses_id") references "point_transactions" ("id");`,
    );
    // Belt and braces for invariant 4: a balance below zero is refused by the database too.
    this.addSql(
      `alter table "members" add constraint "members_points_non_negative" check ("current_points" >= 0 and "total_points" >= 0);`,
    );
    // The relay scans only unpublished rows; NOTIFY wakes it on every committed insert.
    this.addSql(`create index "outbox_unpublished_idx" on "outbox" ("id") where "published_at" is null;`);
    this.addSql(`create function outbox_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox', '');
        return null;
      end $$;`);
    this.addSql(`create trigger outbox_notify after insert on "outbox" for each statement execute function outbox_notify();`);
    this.addSql(`create index "sessions_expires_at_idx" on "sessions" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "password_reset_tokens" drop constraint "password_reset_tokens_member_id_foreign";`);
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_member_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_member_id_foreign";`);

    this.addSql(`drop table if exists "members" cascade;`);
    this.addSql(`drop function if exists outbox_notify() cascade;`);
    this.addSql(`drop function if exists point_transactions_append_only() cascade;`);
    this.addSql(`drop table if exists "outbox" cascade;`);
    this.addSql(`drop table if exists "password_reset_tokens" cascade;`);
    this.addSql(`drop table if exists "point_transactions" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
  }
}
