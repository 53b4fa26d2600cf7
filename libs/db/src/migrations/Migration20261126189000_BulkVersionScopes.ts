import { Migration } from '@mikro-orm/migrations';

/**
 * A statement or transaction that changes the data of more than 1,000 members (a migration's
 * backfill, a bulk import, a seeded million) no longer names each of them in the version log: their
 * owner scopes fold into one wildcard per prefix (`member:*`, `session:*`), which every api replica
 * reads as "every member's version moved to this one". Named one by one, a million scopes made a
 * 44 MB log row that each replica loaded into its heap (and ran out of it).
 */
export class Migration20261126189000_BulkVersionScopes extends Migration {
  override name = 'Migration20261126189000_BulkVersionScopes';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function note_resource_change() returns trigger language plpgsql as $$
declare
  table_scope text := nullif(TG_ARGV[0], '');
  owner_column text := nullif(TG_ARGV[1], '');
  owner_prefix text := coalesce(TG_ARGV[2], '');
  pending text := coalesce(current_setting('nocturne.changed_scopes', true), '');
  owners text;
  owner_count bigint;
begin
  perform 1 from changed_rows limit 1;
  if not found then return null; end if;
  if owner_column is not null then
    execute format('select count(distinct %I) from changed_rows', owner_column) into owner_count;
    if owner_count > 1000 then
      owners := owner_prefix || '*';
    else
      execute format('select string_agg(distinct %L || %I::text, '' '') from changed_rows', owner_prefix, owner_column) into owners;
    end if;
  end if;
  if pending = '' then
    insert into resource_version_flushes default values on conflict do nothing;
  end if;
  perform set_config('nocturne.changed_scopes', concat_ws(' ', nullif(pending, ''), table_scope, owners), true);
  return null;
end $$;`);
    this.addSql(`create or replace function flush_resource_versions() returns trigger language plpgsql as $$
declare
  changed text[];
  v bigint;
  payload text;
begin
  changed := array(
    select distinct s from unnest(string_to_array(coalesce(current_setting('nocturne.changed_scopes', true), ''), ' ')) s
     where s <> '' order by s);
  perform set_config('nocturne.changed_scopes', '', true);
  delete from resource_version_flushes where txid = NEW.txid;
  if cardinality(changed) = 0 then return null; end if;
  -- Many statements of one transaction can add up past what a replica should hold: fold again.
  if cardinality(changed) > 1000 then
    changed := array(
      select distinct case when position(':' in s) > 0 then split_part(s, ':', 1) || ':*' else s end
        from unnest(changed) s order by 1);
  end if;
  v := nextval('resource_version_seq');
  insert into resource_version_log (version, scopes) values (v, changed);
  payload := v || ' ' || array_to_string(changed, ' ');
  -- NOTIFY payloads stop at 8000 bytes: a bulk change sends the number alone and listeners read its
  -- scopes from the log.
  perform pg_notify('resource_versions', case when octet_length(payload) < 7900 then payload else v::text end);
  return null;
end $$;`);
  }

  override down(): void | Promise<void> {
    // The functions of Migration20261122190000_ResourceVersions name every scope; a wildcard in the
    // log stays readable by the api either way.
  }
}
