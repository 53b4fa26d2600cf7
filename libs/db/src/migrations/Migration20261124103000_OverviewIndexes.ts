import { Migration } from '@mikro-orm/migrations';

/**
 * The admin overview counts each club night's rows by their time column: a range scan on these
 * indexes reads the last 8 nights, not the whole table (the existing indexes lead with the member
 * or the post). Comments are counted on news_comments_created_idx (created_at, id), which the
 * moderation screen's migration added.
 */
export class Migration20261124103000_OverviewIndexes extends Migration {
  override name = 'Migration20261124103000_OverviewIndexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "user_coupons_claimed_at_idx" on "user_coupons" ("claimed_at");`);
    this.addSql(`create index "user_coupons_redeemed_at_idx" on "user_coupons" ("redeemed_at");`);
    this.addSql(`create index "members_created_at_idx" on "members" ("created_at");`);
    this.addSql(`create index "point_transactions_created_at_idx" on "point_transactions" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "user_coupons_claimed_at_idx";`);
    this.addSql(`drop index "user_coupons_redeemed_at_idx";`);
    this.addSql(`drop index "members_created_at_idx";`);
    this.addSql(`drop index "point_transactions_created_at_idx";`);
  }
}
