import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes that answer a venue group's busiest counts on their own (index-only scans), where a
 * million members made them read the table row by row:
 * - a night's redemptions at each venue (the overview's tonight per venue) read the redemption's
 *   venue and holder from the redemption-time index;
 * - the claims of the last days (offline door data: who claimed lately) read the holder from the
 *   claim-time index;
 * - a venue's visits of recent nights (offline door data: its regulars) read the member from the
 *   venue-and-night index;
 * - a venue's bookings waiting for an answer are counted from an index of them by venue;
 * - a door's poll (what changed since its data) reads who was given a card, scanned or seen at the
 *   door since then from indexes of those times carrying the member.
 * The first three replace the plain indexes of the same names (same keys, more columns carried).
 */
export class Migration20261130080000_CoveringIndexes extends Migration {
  override name = 'Migration20261130080000_CoveringIndexes';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "user_coupons_redeemed_at_idx";`);
    this.addSql(
      `create index "user_coupons_redeemed_at_idx" on "user_coupons" ("redeemed_at") include ("redeemed_venue_id", "member_id");`,
    );
    this.addSql(`drop index if exists "user_coupons_claimed_at_idx";`);
    this.addSql(`create index "user_coupons_claimed_at_idx" on "user_coupons" ("claimed_at") include ("member_id");`);
    this.addSql(`drop index if exists "visits_venue_night_idx";`);
    this.addSql(`create index "visits_venue_night_idx" on "visits" ("venue_id", "night") include ("member_id", "created_at");`);
    this.addSql(`create index "bookings_venue_requested_idx" on "bookings" ("venue_id") where "status" = 'requested';`);
    this.addSql(`create index "member_cards_issued_at_idx" on "member_cards" ("issued_at") include ("member_id");`);
    this.addSql(`create index "qr_scans_at_idx" on "qr_scans" ("at") include ("member_id");`);
    this.addSql(`create index "visits_created_at_idx" on "visits" ("created_at") include ("member_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "visits_created_at_idx";`);
    this.addSql(`drop index if exists "qr_scans_at_idx";`);
    this.addSql(`drop index if exists "member_cards_issued_at_idx";`);
    this.addSql(`drop index if exists "bookings_venue_requested_idx";`);
    this.addSql(`drop index if exists "visits_venue_night_idx";`);
    this.addSql(`create index "visits_venue_night_idx" on "visits" ("venue_id", "night");`);
    this.addSql(`drop index if exists "user_coupons_claimed_at_idx";`);
    this.addSql(`create index "user_coupons_claimed_at_idx" on "user_coupons" ("claimed_at");`);
    this.addSql(`drop index if exists "user_coupons_redeemed_at_idx";`);
    this.addSql(`create index "user_coupons_redeemed_at_idx" on "user_coupons" ("redeemed_at");`);
  }
}
