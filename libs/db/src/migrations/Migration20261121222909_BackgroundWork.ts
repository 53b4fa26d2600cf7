import { Migration } from '@mikro-orm/migrations';

export class Migration20261121222909_BackgroundWork extends Migration {
  override name = 'Migration20261121222909_BackgroundWork';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "bookings" ("id" uuid not null default gen_random_uuid(), "name" varchar(120) not null, "email" varchar(254) not null, "phone" varchar(40) null, "date" date null, "time" varchar(5) null, "guests" varchar(2) not null, "service" varchar(30) not null, "message" text null, "status" text not null default 'requested', "status_note" text null, "status_changed_at" timestamptz null, "ip" varchar(64) null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "bookings_created_at_idx" on "bookings" ("created_at");`);

    this.addSql(
      `create table "contact_messages" ("id" uuid not null default gen_random_uuid(), "name" varchar(120) not null, "email" varchar(254) not null, "phone" varchar(40) null, "message" text not null, "is_spam" boolean not null default false, "ip" varchar(64) null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "contact_messages_created_at_idx" on "contact_messages" ("created_at");`);

    this.addSql(
      `create table "email_deliveries" ("id" uuid not null default gen_random_uuid(), "subject_type" text not null, "subject_id" uuid not null, "kind" varchar(50) not null, "recipient" varchar(254) not null, "state" text not null default 'pending', "attempts" int not null default 0, "last_error" text null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `alter table "email_deliveries" add constraint "email_deliveries_subject_kind_unique" unique ("subject_id", "kind");`,
    );

    this.addSql(
      `create table "sync_jobs" ("id" uuid not null default gen_random_uuid(), "state" text not null default 'running', "total" int not null, "requested_by" uuid null, "started_at" timestamptz not null default now(), "finished_at" timestamptz null, primary key ("id"));`,
    );

    this.addSql(
      `create table "sync_job_batches" ("id" uuid not null default gen_random_uuid(), "sync_job_id" uuid not null, "batch_no" int not null, "member_ids" uuid[] not null, "state" text not null default 'pending', "ac_batch_id" varchar(100) null, "synced" int not null default 0, "failed" int not null default 0, "last_error" text null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "sync_job_batches" add constraint "sync_job_batches_job_batch_unique" unique ("sync_job_id", "batch_no");`,
    );

    this.addSql(
      `alter table "bookings" add constraint "bookings_status_check" check ("status" in ('requested', 'confirmed', 'declined'));`,
    );

    this.addSql(
      `alter table "email_deliveries" add constraint "email_deliveries_subject_type_check" check ("subject_type" in ('contact_message', 'booking'));`,
    );
    this.addSql(
      `alter table "email_deliveries" add constraint "email_deliveries_state_check" check ("state" in ('pending', 'sent', 'failed'));`,
    );

    this.addSql(`alter table "sync_jobs" add constraint "sync_jobs_state_check" check ("state" in ('running', 'completed'));`);

    this.addSql(
      `alter table "sync_job_batches" add constraint "sync_job_batches_sync_job_id_foreign" foreign key ("sync_job_id") references "sync_jobs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sync_job_batches" add constraint "sync_job_batches_state_check" check ("state" in ('pending', 'done', 'failed'));`,
    );

    // Hand-written additions to the generated schema (reviewed):
    // at most one bulk sync runs at a time; a second request finds the running one.
    this.addSql(`create unique index "sync_jobs_one_running_idx" on "sync_jobs" ("state") where "state" = 'running';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sync_job_batches" cascade;`);
    this.addSql(`drop table if exists "sync_jobs" cascade;`);
    this.addSql(`drop table if exists "email_deliveries" cascade;`);
    this.addSql(`drop table if exists "contact_messages" cascade;`);
    this.addSql(`drop table if exists "bookings" cascade;`);
  }
}
