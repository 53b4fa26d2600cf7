import { Migration } from '@mikro-orm/migrations';

/**
 * What waits for staff (the inbox badges, the overview, the admin stats) at years of bookings and
 * messages: the requested bookings and the new messages each have a partial index, so counting
 * them reads only those rows, not every booking and message the venue ever had.
 */
export class Migration20261126189500_InboxWaiting extends Migration {
  override name = 'Migration20261126189500_InboxWaiting';

  override up(): void | Promise<void> {
    this.addSql(`create index "bookings_requested_idx" on "bookings" ("created_at") where "status" = 'requested';`);
    this.addSql(
      `create index "contact_messages_new_idx" on "contact_messages" ("created_at") where "state" = 'new' and not "is_spam";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "contact_messages_new_idx";`);
    this.addSql(`drop index if exists "bookings_requested_idx";`);
  }
}
