import { Migration } from '@mikro-orm/migrations';

/**
 * What an offline door sent names its venue, as its scan-log line does: staff of a venue read
 * that venue's conflicts, in its own night. Every item from before: the first venue.
 */
export class Migration20261130050000_DoorSyncVenue extends Migration {
  override name = 'Migration20261130050000_DoorSyncVenue';

  override up(): void | Promise<void> {
    this.addSql(`alter table "door_sync_items" add column "venue_id" int not null default 1;`);
    this.addSql(
      `alter table "door_sync_items" add constraint "door_sync_items_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "door_sync_items" drop column "venue_id";`);
  }
}
