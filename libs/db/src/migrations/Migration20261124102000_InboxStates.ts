import { Migration } from '@mikro-orm/migrations';

export class Migration20261124102000_InboxStates extends Migration {
  override name = 'Migration20261124102000_InboxStates';

  override up(): void | Promise<void> {
    // Contact messages are new until staff mark them handled; messages already here start new.
    this.addSql(
      `alter table "contact_messages" add "state" text not null default 'new', add "handled_by_id" uuid null, add "handled_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "contact_messages" add constraint "contact_messages_handled_by_id_foreign" foreign key ("handled_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contact_messages" add constraint "contact_messages_state_check" check ("state" in ('new', 'handled'));`,
    );
    // Who confirmed or declined a booking (when is status_changed_at); decisions made before this
    // migration keep their time and name nobody.
    this.addSql(`alter table "bookings" add "decided_by_id" uuid null;`);
    this.addSql(
      `alter table "bookings" add constraint "bookings_decided_by_id_foreign" foreign key ("decided_by_id") references "members" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "bookings" drop constraint "bookings_decided_by_id_foreign";`);
    this.addSql(`alter table "bookings" drop column "decided_by_id";`);
    this.addSql(`alter table "contact_messages" drop constraint "contact_messages_handled_by_id_foreign";`);
    this.addSql(`alter table "contact_messages" drop constraint "contact_messages_state_check";`);
    this.addSql(`alter table "contact_messages" drop column "state", drop column "handled_by_id", drop column "handled_at";`);
  }
}
