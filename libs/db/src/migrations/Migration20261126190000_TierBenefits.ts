import { Migration } from '@mikro-orm/migrations';

/**
 * Tiers that mean something: one row per tier with the benefit text members
 * read, the earning multiplier in hundredths (1.25× is 125; 1.00–5.00, as `isValidMultiplier`)
 * and the coupon template a member of the tier is given each month (none: no monthly coupon).
 * Seeded with the defaults a manager then edits.
 */
export class Migration20261126190000_TierBenefits extends Migration {
  override name = 'Migration20261126190000_TierBenefits';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tier_benefits" ("tier" text check ("tier" in ('bronze', 'silver', 'gold', 'platinum')) not null, "benefit" varchar(500) not null, "multiplier" int not null default 100, "monthly_coupon_id" uuid null, "updated_at" timestamptz not null default now(), "updated_by_id" uuid null, primary key ("tier"));`,
    );
    this.addSql(
      `alter table "tier_benefits" add constraint "tier_benefits_multiplier_check" check ("multiplier" between 100 and 500);`,
    );
    this.addSql(
      `alter table "tier_benefits" add constraint "tier_benefits_monthly_coupon_id_foreign" foreign key ("monthly_coupon_id") references "coupons" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "tier_benefits" add constraint "tier_benefits_updated_by_id_foreign" foreign key ("updated_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(`insert into "tier_benefits" ("tier", "benefit", "multiplier") values
      ('bronze', 'Members-only news and coupons, and points for every comment and visit.', 100),
      ('silver', 'Earn 1.1× points on comments and visits, and skip the guest-list queue before midnight.', 110),
      ('gold', 'Earn 1.25× points on comments and visits, priority entry all night and a welcome drink on your birthday.', 125),
      ('platinum', 'Earn 1.5× points on comments and visits, priority entry with a guest, and first call on table bookings.', 150);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tier_benefits" cascade;`);
  }
}
