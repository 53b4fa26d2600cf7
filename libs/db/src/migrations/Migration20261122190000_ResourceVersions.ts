import { Migration } from '@mikro-orm/migrations';

/**
 * What an answer's ETag depends on, versioned in the same transaction as the data (ARCHITECTURE:
 * polling). A scope is a table (`news_posts`, `coupons`, …) or one member's own data (`member:<id>`,
 * `session:<id>` for their sign-ins). Every changing statement on a tracked table notes its scopes in
 * a transaction-local setting; at commit one deferred trigger gives all of them the next number of
 * `resource_version_seq`, appends one row to `resource_version_log` and announces it on the
 * `resource_versions` channel, which every api replica listens to.
 *
 * Appending, never updating, keeps writers apart: two transactions that touch the same table never
 * wait on a shared version row (that would put every comment's and every claim's commit in one
 * line). The api folds log rows older than a minute into `resource_versions` (one row per scope);
 * a replica starting up reads both.
 */
const TRACKED: { table: string; scope: string; owner?: { column: string; prefix: string }; events?: string[] }[] = [
  { table: 'members', scope: 'members', owner: { column: 'id', prefix: 'member:' } },
  { table: 'sessions', scope: '', owner: { column: 'member_id', prefix: 'session:' } },
  {
    table: 'point_transactions',
    scope: 'point_transactions',
    owner: { column: 'member_id', prefix: 'member:' },
    events: ['insert'],
  },
  { table: 'news_posts', scope: 'news_posts' },
  { table: 'news_comments', scope: 'news_comments' },
  { table: 'coupons', scope: 'coupons' },
  { table: 'user_coupons', scope: 'user_coupons', owner: { column: 'member_id', prefix: 'member:' } },
  { table: 'qr_scans', scope: 'qr_scans' },
  { table: 'bookings', scope: 'bookings' },
  { table: 'contact_messages', scope: 'contact_messages' },
  { table: 'email_deliveries', scope: 'email_deliveries' },
  { table: 'sync_jobs', scope: 'sync_jobs' },
  { table: 'sync_job_batches', scope: 'sync_jobs' },
];

const EVENTS = ['insert', 'update', 'delete'];

export class Migration20261122190000_ResourceVersions extends Migration {
  override name = 'Migration20261122190000_ResourceVersions';

  override up(): void | Promise<void> {
    this.addSql(`create sequence "resource_version_seq";`);
    this.addSql(
      `create table "resource_versions" ("scope" text not null, "version" bigint not null, constraint "resource_versions_pkey" primary key ("scope"));`,
    );
    this.addSql(
      `create table "resource_version_log" ("version" bigint not null, "scopes" text[] not null, "logged_at" timestamptz not null default now(), constraint "resource_version_log_pkey" primary key ("version"));`,
    );
    // One row per writing transaction, inserted by its first tracked change and removed at its commit:
    // its only purpose is to fire the deferred flush once per transaction.
    this.addSql(
      `create unlogged table "resource_version_flushes" ("txid" bigint not null default txid_current(), constraint "resource_version_flushes_pkey" primary key ("txid"));`,
    );

    this.addSql(`create function note_resource_change() returns trigger language plpgsql as $$
declare
  table_scope text := nullif(TG_ARGV[0], '');
  owner_column text := nullif(TG_ARGV[1], '');
  owner_prefix text := coalesce(TG_ARGV[2], '');
  pending text := coalesce(current_setting('nocturne.changed_scopes', true), '');
  owners text;
begin
  perform 1 from changed_rows limit 1;
  if not found then return null; end if;
  if owner_column is not null then
    execute format('select string_agg(distinct %L || %I::text, '' '') from changed_rows', owner_prefix, owner_column) into owners;
  end if;
  if pending = '' then
    insert into resource_version_flushes default values on conflict do nothing;
  end if;
  perform set_config('nocturne.changed_scopes', concat_ws(' ', nullif(pending, ''), table_scope, owners), true);
  return null;
end $$;`);

    this.addSql(`create function flush_resource_versions() returns trigger language plpgsql as $$
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
  v := nextval('resource_version_seq');
  insert into resource_version_log (version, scopes) values (v, changed);
  payload := v || ' ' || array_to_string(changed, ' ');
  -- NOTIFY payloads stop at 8000 bytes: a bulk change sends the number alone and listeners read its
  -- scopes from the log.
  perform pg_notify('resource_versions', case when octet_length(payload) < 7900 then payload else v::text end);
  return null;
end $$;`);
    this.addSql(
      `create constraint trigger resource_versions_flush after insert on "resource_version_flushes" deferrable initially deferred for each row execute function flush_resource_versions();`,
    );

    for (const { table, scope, owner, events = EVENTS } of TRACKED) {
      for (const event of events) {
        const rows = event === 'delete' ? 'old table as changed_rows' : 'new table as changed_rows';
        const args = [scope, owner?.column ?? '', owner?.prefix ?? ''].map((arg) => `'${arg}'`).join(', ');
        this.addSql(
          `create trigger "${table}_versions_${event}" after ${event} on "${table}" referencing ${rows} for each statement execute function note_resource_change(${args});`,
        );
      }
    }
    // Comments show their authors' names: renaming a member changes comment lists too.
    this.addSql(`create function note_member_names_change() returns trigger language plpgsql as $$
declare
  pending text := coalesce(current_setting('nocturne.changed_scopes', true), '');
begin
  if pending = '' then
    insert into resource_version_flushes default values on conflict do nothing;
  end if;
  perform set_config('nocturne.changed_scopes', concat_ws(' ', nullif(pending, ''), 'member_names'), true);
  return null;
end $$;`);
    this.addSql(
      `create trigger "members_names_versions" after update of "first_name", "last_name" on "members" for each statement execute function note_member_names_change();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "members_names_versions" on "members";`);
    for (const { table, events = EVENTS } of TRACKED) {
      for (const event of events) this.addSql(`drop trigger if exists "${table}_versions_${event}" on "${table}";`);
    }
    this.addSql(`drop function if exists note_member_names_change();`);
    this.addSql(`drop table if exists "resource_version_flushes";`);
    this.addSql(`drop function if exists flush_resource_versions();`);
    this.addSql(`drop function if exists note_resource_change();`);
    this.addSql(`drop table if exists "resource_version_log";`);
    this.addSql(`drop table if exists "resource_versions";`);
    this.addSql(`drop sequence if exists "resource_version_seq";`);
  }
}
