import { Migration } from '@mikro-orm/migrations';

/**
 * The overview counts tonight's points issued, spent and withdrawn from the ledger's rows of the
 * night: the index on created_at now carries each row's points and kind, so that count reads the
 * index alone (no visit to tens of thousands of table pages at a million members).
 */
export class Migration20261126189600_LedgerNightIndex extends Migration {
  override name = 'Migration20261126189600_LedgerNightIndex';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "point_transactions_created_at_idx";`);
    this.addSql(
      `create index "point_transactions_created_at_idx" on "point_transactions" ("created_at") include ("points", "kind");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "point_transactions_created_at_idx";`);
    this.addSql(`create index "point_transactions_created_at_idx" on "point_transactions" ("created_at");`);
  }
}
