import { Migration } from '@mikro-orm/migrations';

/**
 * My Coupons is answered a page at a time: held coupons (not redeemed) first, then redeemed ones,
 * each newest claim first, keyed by ((redeemed_at is null), claimed_at, id). This index, read
 * backwards, starts a page at its cursor and stops after `limit` rows, however many coupons the
 * member has claimed. Written by hand: the schema differ does not model expression indexes.
 */
export class Migration20261126172000_MyCouponsPaging extends Migration {
  override name = 'Migration20261126172000_MyCouponsPaging';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "user_coupons_member_held_idx" on "user_coupons" ("member_id", ("redeemed_at" is null), "claimed_at", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "user_coupons_member_held_idx";`);
  }
}
