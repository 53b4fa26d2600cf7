import { Migration } from '@mikro-orm/migrations';

export class Migration20261124070000_PointsExpiry extends Migration {
  override name = 'Migration20261124070000_PointsExpiry';

  override up(): void | Promise<void> {
    // Points expiry (POINTS_EXPIRE_AFTER_MONTHS): ledger rows of kind 'expiry', and the warning
    // e-mail recorded as a delivery about the member.
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in ('welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry'));`,
    );
    this.addSql(`alter table "email_deliveries" drop constraint "email_deliveries_subject_type_check";`);
    this.addSql(
      `alter table "email_deliveries" add constraint "email_deliveries_subject_type_check" check ("subject_type" in ('contact_message', 'booking', 'member'));`,
    );
  }

  override down(): void | Promise<void> {
    // The ledger is append-only: while expiry rows exist the old check cannot be restored, and
    // this fails rather than rewrite members' history.
    this.addSql(`delete from "email_deliveries" where "subject_type" = 'member';`);
    this.addSql(`alter table "email_deliveries" drop constraint "email_deliveries_subject_type_check";`);
    this.addSql(
      `alter table "email_deliveries" add constraint "email_deliveries_subject_type_check" check ("subject_type" in ('contact_message', 'booking'));`,
    );
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in ('welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment'));`,
    );
  }
}
