import { Migration } from '@mikro-orm/migrations';

/**
 * A member's door scans on the staff's member page, at a million members: the scan log's own
 * member column (door night records it on every coupon scan) is filled in on older lines from
 * the scanned coupon's holder, and indexed with the line's id, so the page reads the member's
 * newest lines instead of joining the whole log to their coupons.
 */
export class Migration20261126189200_MemberScans extends Migration {
  override name = 'Migration20261126189200_MemberScans';

  override up(): void | Promise<void> {
    this.addSql(
      `update "qr_scans" s set "member_id" = uc."member_id" from "user_coupons" uc where uc."id" = s."user_coupon_id" and s."member_id" is null;`,
    );
    this.addSql(`create index "qr_scans_member_idx" on "qr_scans" ("member_id", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "qr_scans_member_idx";`);
  }
}
