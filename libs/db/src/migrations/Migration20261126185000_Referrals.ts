import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry', 'visit', 'balance_adjustment'`;

/**
 * Referrals and the venue's membership settings: members' invite codes, who signed up
 * through whom (pending until the first visit pays both, or refused at sign-up), the `referral`
 * point kind, and the one row of settings a manager changes (referral points, monthly cap, the
 * birthday coupon template).
 */
export class Migration20261126185000_Referrals extends Migration {
  override name = 'Migration20261126185000_Referrals';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "referral_codes" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "code" varchar(10) not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "referral_codes" add constraint "referral_codes_member_unique" unique ("member_id");`);
    this.addSql(`alter table "referral_codes" add constraint "referral_codes_code_unique" unique ("code");`);
    this.addSql(
      `alter table "referral_codes" add constraint "referral_codes_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "referrals" ("id" uuid not null default gen_random_uuid(), "referrer_id" uuid not null, "referred_id" uuid not null, "state" text check ("state" in ('pending', 'earned', 'refused')) not null, "refusal" text check ("refusal" in ('self', 'monthly_cap')) null, "points" int null, "created_at" timestamptz not null default now(), "earned_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "referrals_referrer_created_idx" on "referrals" ("referrer_id", "created_at");`);
    this.addSql(`alter table "referrals" add constraint "referrals_referred_unique" unique ("referred_id");`);
    this.addSql(
      `alter table "referrals" add constraint "referrals_referrer_id_foreign" foreign key ("referrer_id") references "members" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "referrals" add constraint "referrals_referred_id_foreign" foreign key ("referred_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "club_settings" ("id" smallint not null, "referral_points" int null, "referrals_per_month" int null, "birthday_coupon_id" uuid null, "updated_at" timestamptz not null default now(), "updated_by_id" uuid null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "club_settings" add constraint "club_settings_birthday_coupon_id_foreign" foreign key ("birthday_coupon_id") references "coupons" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "club_settings" add constraint "club_settings_updated_by_id_foreign" foreign key ("updated_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in (${KINDS_BEFORE}, 'referral'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in (${KINDS_BEFORE}));`,
    );
    this.addSql(`drop table if exists "club_settings" cascade;`);
    this.addSql(`drop table if exists "referrals" cascade;`);
    this.addSql(`drop table if exists "referral_codes" cascade;`);
  }
}
