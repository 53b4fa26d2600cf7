import { Migration } from '@mikro-orm/migrations';

/** The database role the api runs as (docs/DEPLOY.md "The api's database role"). */
export const API_DATABASE_ROLE = 'nocturne_api';

/**
 * The api runs as `nocturne_api`, a role that owns nothing: it reads and writes the tables but
 * cannot ALTER, disable the triggers of, UPDATE, DELETE or TRUNCATE `audit_log`, drop anything, or
 * set `session_replication_role` (superusers only), so a compromised api cannot rewrite the audit
 * trail. Migrations and the worker (whose maintenance trims the log past its retention) keep the
 * owning role. The role is created LOGIN without a password: it signs in only where the server
 * trusts local connections, until `db:migrate` sets the password it is given
 * (API_DATABASE_PASSWORD). Roles belong to the whole server, so the role may already exist (another
 * database of the same server); then only this database's grants are made. Tables later migrations
 * create are granted by default privileges; a later table that must be append-only revokes as below.
 */
export class Migration20261128200000_ApiRole extends Migration {
  override name = 'Migration20261128200000_ApiRole';

  override up(): void {
    this.addSql(`do $$
      begin
        if not exists (select from pg_roles where rolname = '${API_DATABASE_ROLE}') then
          begin
            create role ${API_DATABASE_ROLE} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
          exception
            when duplicate_object then null;
            when insufficient_privilege then
              raise exception 'The api runs as the database role ${API_DATABASE_ROLE}, which % may not create: create it once as a superuser (create role ${API_DATABASE_ROLE} login;) and migrate again', current_user;
          end;
        end if;
      end $$;`);
    this.addSql(`grant usage on schema public to ${API_DATABASE_ROLE};`);
    this.addSql(`grant select, insert, update, delete on all tables in schema public to ${API_DATABASE_ROLE};`);
    this.addSql(`grant usage, select on all sequences in schema public to ${API_DATABASE_ROLE};`);
    // The audit log is append-only for the api; the migrations' own bookkeeping is not the api's.
    this.addSql(`revoke update, delete, truncate on audit_log from ${API_DATABASE_ROLE};`);
    this.addSql(`revoke all on mikro_orm_migrations from ${API_DATABASE_ROLE};`);
    // Tables and sequences the migrating role creates from now on are the api's to use too.
    this.addSql(
      `alter default privileges in schema public grant select, insert, update, delete on tables to ${API_DATABASE_ROLE};`,
    );
    this.addSql(`alter default privileges in schema public grant usage, select on sequences to ${API_DATABASE_ROLE};`);
  }

  override down(): void {
    // The role stays: other databases of the server may use it.
    this.addSql(`alter default privileges in schema public revoke all on tables from ${API_DATABASE_ROLE};`);
    this.addSql(`alter default privileges in schema public revoke all on sequences from ${API_DATABASE_ROLE};`);
    this.addSql(`revoke all on all tables in schema public from ${API_DATABASE_ROLE};`);
    this.addSql(`revoke all on all sequences in schema public from ${API_DATABASE_ROLE};`);
    this.addSql(`revoke usage on schema public from ${API_DATABASE_ROLE};`);
  }
}
