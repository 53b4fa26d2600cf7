import { Migration } from '@mikro-orm/migrations';

/**
 * The ActiveCampaign status and the overview's sync health at a million members: the last sync,
 * the members waiting for their first and those AC refused each read a partial index instead of
 * counting every member on every poll.
 */
export class Migration20261126189400_AcSyncCounts extends Migration {
  override name = 'Migration20261126189400_AcSyncCounts';

  override up(): void | Promise<void> {
    this.addSql(`create index "members_ac_synced_idx" on "members" ("ac_synced_at") where "deleted_at" is null;`);
    this.addSql(
      `create index "members_ac_pending_idx" on "members" ("id") where "deleted_at" is null and "ac_synced_at" is null and "ac_sync_error" is null;`,
    );
    this.addSql(
      `create index "members_ac_failed_idx" on "members" ("updated_at") where "deleted_at" is null and "ac_sync_error" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "members_ac_failed_idx";`);
    this.addSql(`drop index if exists "members_ac_pending_idx";`);
    this.addSql(`drop index if exists "members_ac_synced_idx";`);
  }
}
