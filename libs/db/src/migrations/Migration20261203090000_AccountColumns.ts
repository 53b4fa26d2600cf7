import { Migration } from '@mikro-orm/migrations';

/**
 * `account:<id>` moves only when a column a signed-in session is made of changes (see
 * `liveSessionQuery` in the api's auth repository): e-mail, names, role, member since, and the
 * disabling. A member's points and tier move with every paid comment and claim; they are read
 * where they are shown, not kept with the session, so earning and spending keep the session cached.
 *
 * PostgreSQL allows no transition tables on an update trigger with a column list, so the update
 * trigger compares the old and new rows itself. Inserts and deletes still note `account:` through
 * the generic function (a new member has no session yet; a deleted one has none left).
 */
export class Migration20261203090000_AccountColumns extends Migration {
  override name = 'Migration20261203090000_AccountColumns';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function note_account_change() returns trigger language plpgsql as $$
declare
  pending text := coalesce(current_setting('nocturne.changed_scopes', true), '');
  owners text;
  owner_count bigint;
begin
  select count(*), string_agg('account:' || n.id::text, ' ')
    into owner_count, owners
    from new_rows n
    join old_rows o on o.id = n.id
   where (n.email, n.first_name, n.last_name, n.role, n.created_at, n.disabled_at)
         is distinct from (o.email, o.first_name, o.last_name, o.role, o.created_at, o.disabled_at);
  if owner_count = 0 then return null; end if;
  if owner_count > 1000 then owners := 'account:*'; end if;
  if pending = '' then
    insert into resource_version_flushes default values on conflict do nothing;
  end if;
  perform set_config('nocturne.changed_scopes', concat_ws(' ', nullif(pending, ''), owners), true);
  return null;
end $$;`);
    this.addSql(`drop trigger "members_versions_update" on "members";`);
    this.addSql(
      `create trigger "members_versions_update" after update on "members" referencing new table as changed_rows for each statement execute function note_resource_change('members', 'id', 'member:');`,
    );
    this.addSql(
      `create trigger "members_account_versions_update" after update on "members" referencing old table as old_rows new table as new_rows for each statement execute function note_account_change();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "members_account_versions_update" on "members";`);
    this.addSql(`drop function note_account_change();`);
    this.addSql(`drop trigger "members_versions_update" on "members";`);
    this.addSql(
      `create trigger "members_versions_update" after update on "members" referencing new table as changed_rows for each statement execute function note_resource_change('members', 'id', 'member: account:');`,
    );
  }
}
