import { Migration } from '@mikro-orm/migrations';

/**
 * A change to a member's own row (name, role, points, tier, disabling) bumps `account:<id>` as well
 * as `member:<id>`. A session the api keeps in memory is made of that row and the session's own
 * (`session:<id>`), so it is checked against those two and not against `member:<id>`, which also
 * moves with the member's coupons, cards and visits: a member's own redemption keeps their session.
 *
 * `note_resource_change` takes its owner prefixes as a list separated by spaces ('member: account:'),
 * one scope per prefix for each owner, and one wildcard per prefix for a bulk change.
 */
export class Migration20261202090000_AccountVersions extends Migration {
  override name = 'Migration20261202090000_AccountVersions';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function note_resource_change() returns trigger language plpgsql as $$
declare
  table_scope text := nullif(TG_ARGV[0], '');
  owner_column text := nullif(TG_ARGV[1], '');
  owner_prefixes text[] := string_to_array(coalesce(TG_ARGV[2], ''), ' ');
  pending text := coalesce(current_setting('nocturne.changed_scopes', true), '');
  owners text;
  owner_count bigint;
begin
  perform 1 from changed_rows limit 1;
  if not found then return null; end if;
  if owner_column is not null then
    execute format('select count(distinct %I) from changed_rows', owner_column) into owner_count;
    if owner_count > 1000 then
      owners := array_to_string(array(select prefix || '*' from unnest(owner_prefixes) prefix), ' ');
    elsif cardinality(owner_prefixes) = 1 then
      execute format('select string_agg(distinct %L || %I::text, '' '') from changed_rows', owner_prefixes[1], owner_column) into owners;
    else
      execute format('select string_agg(distinct prefix || %I::text, '' '') from changed_rows, unnest($1) prefix', owner_column)
        into owners using owner_prefixes;
    end if;
  end if;
  if pending = '' then
    insert into resource_version_flushes default values on conflict do nothing;
  end if;
  perform set_config('nocturne.changed_scopes', concat_ws(' ', nullif(pending, ''), table_scope, owners), true);
  return null;
end $$;`);
    this.memberTriggers('member: account:');
  }

  override down(): void | Promise<void> {
    this.memberTriggers('member:');
    // The function stays: given one prefix it notes what the one it replaced noted.
  }

  private memberTriggers(prefixes: string): void {
    for (const event of ['insert', 'update', 'delete']) {
      const rows = event === 'delete' ? 'old table as changed_rows' : 'new table as changed_rows';
      this.addSql(`drop trigger "members_versions_${event}" on "members";`);
      this.addSql(
        `create trigger "members_versions_${event}" after ${event} on "members" referencing ${rows} for each statement execute function note_resource_change('members', 'id', '${prefixes}');`,
      );
    }
  }
}
