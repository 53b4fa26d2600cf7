import { Migration } from '@mikro-orm/migrations';

/** The member columns a door's data holds (offline door mode): a change to any of them is one the door must hear of. */
const DOOR_COLUMNS = ['first_name', 'member_tier', 'disabled_at', 'deleted_at'];

/**
 * When a member last changed in a way the door sees: `members.door_changed_at`, set by a trigger
 * when a column the door's data holds changes, and indexed. A door's poll asked "whose account
 * changed since" of `updated_at`, which every points change moves and no index serves (an index on
 * it would make every points update leave the heap-only path): at a million members the poll read
 * the whole table, 170 ms. Existing rows start at -infinity (no change the door has not had);
 * new members at their sign-up.
 */
export class Migration20261130100000_MembersDoorChangedAt extends Migration {
  override name = 'Migration20261130100000_MembersDoorChangedAt';

  override up(): void | Promise<void> {
    this.addSql(`alter table "members" add column "door_changed_at" timestamptz not null default '-infinity';`);
    this.addSql(`alter table "members" alter column "door_changed_at" set default now();`);
    this.addSql(`create index "members_door_changed_at_idx" on "members" ("door_changed_at");`);
    this.addSql(`create function members_door_changed() returns trigger language plpgsql as $$
      begin
        new.door_changed_at := now();
        return new;
      end $$;`);
    const changed = DOOR_COLUMNS.map((column) => `old."${column}" is distinct from new."${column}"`).join(' or ');
    this.addSql(
      `create trigger "members_door_changed" before update of ${DOOR_COLUMNS.map((column) => `"${column}"`).join(', ')} on "members" for each row when (${changed}) execute function members_door_changed();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "members_door_changed" on "members";`);
    this.addSql(`drop function if exists members_door_changed();`);
    this.addSql(`drop index if exists "members_door_changed_at_idx";`);
    this.addSql(`alter table "members" drop column if exists "door_changed_at";`);
  }
}
