import { Migration } from '@mikro-orm/migrations';

/**
 * The staff audit log. One row per staff action: who (member id; no name or
 * e-mail is copied, so erasing an account leaves no personal data here beyond the id, which then
 * names nobody), their role at the time, the action (a closed union, `AUDIT_ACTIONS` in
 * @nocturne/domain), the record it touched, the changed fields before and after, the client
 * address and the request id.
 *
 * Append-only at the database: UPDATE and TRUNCATE are always refused; DELETE only from a
 * transaction marked `nocturne.audit_trim` = on (the worker's retention trim sets it with
 * `set local`), and even then only for rows older than 365 days, a floor no setting lowers. The
 * setting is not what keeps a hostile api out: the api's own database role has no UPDATE,
 * DELETE or TRUNCATE on this table (docs/DEPLOY.md); the trigger keeps the table honest against
 * mistakes in any code, ours included.
 */
export class Migration20261126181000_AuditLog extends Migration {
  override name = 'Migration20261126181000_AuditLog';

  override up(): void {
    this.addSql(`create table "audit_log" (
      "id" uuid not null default gen_random_uuid(),
      "at" timestamptz not null default now(),
      "actor_id" uuid null,
      "actor_role" text not null,
      "action" text not null,
      "target_type" text null,
      "target_id" text null,
      "before" jsonb null,
      "after" jsonb null,
      "client_address" text null,
      "request_id" text null,
      constraint "audit_log_pkey" primary key ("id")
    );`);
    this.addSql(`create index "audit_log_at_id_idx" on "audit_log" ("at", "id");`);
    this.addSql(`create index "audit_log_actor_at_idx" on "audit_log" ("actor_id", "at");`);
    this.addSql(`create index "audit_log_action_at_idx" on "audit_log" ("action", "at");`);
    this.addSql(`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE'
           and current_setting('nocturne.audit_trim', true) = 'on'
           and old."at" < now() - interval '365 days' then
          return old;
        end if;
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'restrict_violation';
      end $$;`);
    this.addSql(
      `create trigger audit_log_append_only before update or delete on "audit_log" for each row execute function audit_log_append_only();`,
    );
    this.addSql(`create function audit_log_no_truncate() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'restrict_violation';
      end $$;`);
    this.addSql(
      `create trigger audit_log_no_truncate before truncate on "audit_log" for each statement execute function audit_log_no_truncate();`,
    );
  }

  override down(): void {
    this.addSql(`drop table "audit_log";`);
    this.addSql(`drop function audit_log_append_only();`);
    this.addSql(`drop function audit_log_no_truncate();`);
  }
}
