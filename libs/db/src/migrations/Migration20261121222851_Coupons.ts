import { Migration } from '@mikro-orm/migrations';

export class Migration20261121222851_Coupons extends Migration {
  override name = 'Migration20261121222851_Coupons';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "coupons" ("id" uuid not null default gen_random_uuid(), "code" varchar(40) not null, "title" varchar(120) not null, "description" varchar(1000) not null, "type" text not null, "value" int null, "points_cost" int not null default 0, "required_tier" text not null default 'bronze', "max_uses" int null, "per_member_limit" int not null default 1, "valid_until" timestamptz null, "is_active" boolean not null default true, "archived_at" timestamptz null, "claimed_count" int not null default 0, "redeemed_count" int not null default 0, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );

    this.addSql(
      `create table "user_coupons" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "coupon_id" uuid not null, "claimed_at" timestamptz not null default now(), "redeemed_at" timestamptz null, "redeemed_by" text null, "validated_at" timestamptz null, "validated_by_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "user_coupons_member_claimed_idx" on "user_coupons" ("member_id", "claimed_at");`);
    this.addSql(`create index "user_coupons_coupon_member_idx" on "user_coupons" ("coupon_id", "member_id");`);

    this.addSql(
      `create table "qr_scans" ("id" bigserial primary key, "at" timestamptz not null default now(), "admin_id" uuid null, "user_coupon_id" uuid null, "scanned_id" varchar(100) not null, "action" text not null, "result" text not null, "reason" varchar(300) not null);`,
    );
    this.addSql(`create index "qr_scans_user_coupon_idx" on "qr_scans" ("user_coupon_id");`);

    this.addSql(
      `alter table "coupons" add constraint "coupons_created_by_id_foreign" foreign key ("created_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "coupons" add constraint "coupons_type_check" check ("type" in ('percentage', 'fixed_amount', 'free_drink', 'vip_upgrade'));`,
    );
    this.addSql(
      `alter table "coupons" add constraint "coupons_required_tier_check" check ("required_tier" in ('bronze', 'silver', 'gold', 'platinum'));`,
    );

    this.addSql(
      `alter table "user_coupons" add constraint "user_coupons_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_coupons" add constraint "user_coupons_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "user_coupons" add constraint "user_coupons_validated_by_id_foreign" foreign key ("validated_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "user_coupons" add constraint "user_coupons_redeemed_by_check" check ("redeemed_by" in ('member', 'staff'));`,
    );

    this.addSql(
      `alter table "qr_scans" add constraint "qr_scans_admin_id_foreign" foreign key ("admin_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "qr_scans" add constraint "qr_scans_user_coupon_id_foreign" foreign key ("user_coupon_id") references "user_coupons" ("id") on delete set null;`,
    );
    this.addSql(`alter table "qr_scans" add constraint "qr_scans_action_check" check ("action" in ('validate', 'redeem'));`);
    this.addSql(`alter table "qr_scans" add constraint "qr_scans_result_check" check ("result" in ('accepted', 'rejected'));`);

    // Hand-written additions to the generated schema (reviewed):
    // codes are unique case-insensitively among live coupons; an archived code may be reused.
    this.addSql(`create unique index "coupons_code_live_unique" on "coupons" (lower("code")) where "archived_at" is null;`);
    // Belt and braces for the claim guarantees: the database refuses what the conditional updates prevent.
    this.addSql(
      `alter table "coupons" add constraint "coupons_counts_check" check ("claimed_count" >= 0 and "redeemed_count" >= 0 and "redeemed_count" <= "claimed_count" and ("max_uses" is null or "claimed_count" <= "max_uses"));`,
    );
    this.addSql(
      `alter table "coupons" add constraint "coupons_values_check" check ("points_cost" >= 0 and "per_member_limit" >= 1 and ("max_uses" is null or "max_uses" >= 1) and ("value" is null or "value" >= 0));`,
    );
    this.addSql(
      `alter table "user_coupons" add constraint "user_coupons_redeemed_consistent" check (("redeemed_at" is null) = ("redeemed_by" is null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user_coupons" drop constraint "user_coupons_coupon_id_foreign";`);
    this.addSql(`alter table "qr_scans" drop constraint "qr_scans_user_coupon_id_foreign";`);

    this.addSql(`drop table if exists "coupons" cascade;`);
    this.addSql(`drop table if exists "user_coupons" cascade;`);
    this.addSql(`drop table if exists "qr_scans" cascade;`);
  }
}
