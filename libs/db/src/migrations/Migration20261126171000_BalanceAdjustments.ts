import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry', 'visit'`;

/**
 * Security review L5: a staff adjustment raised the tier for good. Added points now count toward
 * total earned only when the adjuster says so; otherwise they are written as `balance_adjustment`,
 * which the ledger audit leaves out of total earned.
 */
export class Migration20261126171000_BalanceAdjustments extends Migration {
  override name = 'Migration20261126171000_BalanceAdjustments';

  override up(): void {
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in (${KINDS_BEFORE}, 'balance_adjustment'));`,
    );
  }

  override down(): void {
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_kind_check";`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_kind_check" check ("kind" in (${KINDS_BEFORE}));`,
    );
  }
}
