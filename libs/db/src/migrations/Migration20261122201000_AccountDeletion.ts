import { Migration } from '@mikro-orm/migrations';

export class Migration20261122201000_AccountDeletion extends Migration {
  override name = 'Migration20261122201000_AccountDeletion';

  override up(): void | Promise<void> {
    // Set when a member deletes their account: the row stays, emptied of personal data, so the
    // ledger rows (append-only) keep a member to sum to and `ledger:verify` stays clean.
    this.addSql(`alter table "members" add "deleted_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "members" drop column "deleted_at";`);
  }
}
