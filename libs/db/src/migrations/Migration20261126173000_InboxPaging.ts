import { Migration } from '@mikro-orm/migrations';

/**
 * The admin inboxes (contact messages, bookings) page newest first by (created_at, id), the cursor
 * being the last row's pair. An index on both columns, read backwards, starts each page at its
 * cursor and stops after `limit` rows; the created_at-only indexes it replaces served the old
 * "older than this millisecond" pages, which skipped rows sharing the last one's instant.
 */
export class Migration20261126173000_InboxPaging extends Migration {
  override name = 'Migration20261126173000_InboxPaging';

  override up(): void | Promise<void> {
    this.addSql(`drop index "contact_messages_created_at_idx";`);
    this.addSql(`create index "contact_messages_created_at_id_idx" on "contact_messages" ("created_at", "id");`);
    this.addSql(`drop index "bookings_created_at_idx";`);
    this.addSql(`create index "bookings_created_at_id_idx" on "bookings" ("created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "bookings_created_at_id_idx";`);
    this.addSql(`create index "bookings_created_at_idx" on "bookings" ("created_at");`);
    this.addSql(`drop index "contact_messages_created_at_id_idx";`);
    this.addSql(`create index "contact_messages_created_at_idx" on "contact_messages" ("created_at");`);
  }
}
