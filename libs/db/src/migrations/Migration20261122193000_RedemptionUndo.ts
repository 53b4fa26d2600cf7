import { Migration } from '@mikro-orm/migrations';

export class Migration20261122193000_RedemptionUndo extends Migration {
  override name = 'Migration20261122193000_RedemptionUndo';

  override up(): void | Promise<void> {
    // Staff undoing a redemption is written to the scan log like every other door action.
    this.addSql(`alter table "qr_scans" drop constraint "qr_scans_action_check";`);
    this.addSql(
      `alter table "qr_scans" add constraint "qr_scans_action_check" check ("action" in ('validate', 'redeem', 'undo'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "qr_scans" where "action" = 'undo';`);
    this.addSql(`alter table "qr_scans" drop constraint "qr_scans_action_check";`);
    this.addSql(`alter table "qr_scans" add constraint "qr_scans_action_check" check ("action" in ('validate', 'redeem'));`);
  }
}
