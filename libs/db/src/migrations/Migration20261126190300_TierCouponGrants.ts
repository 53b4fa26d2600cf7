import { Migration } from '@mikro-orm/migrations';

/**
 * A tier's monthly coupon: one grant per member and venue month (the month of
 * the club night, `monthlyCouponGrantKey`), the unique key making the worker's daily job give it
 * at most once however often it runs; with the tier it was given for and the held coupon.
 */
export class Migration20261126190300_TierCouponGrants extends Migration {
  override name = 'Migration20261126190300_TierCouponGrants';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tier_coupon_grants" ("id" uuid not null default gen_random_uuid(), "member_id" uuid not null, "month" varchar(7) not null, "tier" text check ("tier" in ('bronze', 'silver', 'gold', 'platinum')) not null, "user_coupon_id" uuid null, "granted_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `alter table "tier_coupon_grants" add constraint "tier_coupon_grants_member_month_unique" unique ("member_id", "month");`,
    );
    this.addSql(
      `alter table "tier_coupon_grants" add constraint "tier_coupon_grants_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tier_coupon_grants" cascade;`);
  }
}
