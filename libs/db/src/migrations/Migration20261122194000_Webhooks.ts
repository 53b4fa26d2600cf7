import { Migration } from '@mikro-orm/migrations';

export class Migration20261122194000_Webhooks extends Migration {
  override name = 'Migration20261122194000_Webhooks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" ("id" uuid not null default gen_random_uuid(), "url" varchar(2000) not null, "events" text[] not null, "secret" varchar(100) not null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), constraint "webhook_endpoints_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null default gen_random_uuid(), "endpoint_id" uuid not null, "event_id" varchar(100) not null, "event_type" text not null, "payload" jsonb not null, "state" text not null default 'pending', "attempts" int not null default 0, "redeliveries" int not null default 0, "last_status_code" int null, "last_error" varchar(500) null, "last_attempt_at" timestamptz null, "delivered_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "webhook_deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_endpoint_created_idx" on "webhook_deliveries" ("endpoint_id", "created_at");`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_event_unique" unique ("endpoint_id", "event_id");`,
    );
    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_created_by_id_foreign" foreign key ("created_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_type_check" check ("event_type" in ('member.registered', 'comment.posted', 'coupon.claimed', 'coupon.redeemed', 'booking.requested'));`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_state_check" check ("state" in ('pending', 'succeeded', 'failed'));`,
    );

    // The admin lists are polled: versioned like the other tables (Migration20261122190000_ResourceVersions).
    for (const table of ['webhook_endpoints', 'webhook_deliveries']) {
      for (const event of ['insert', 'update', 'delete']) {
        this.addSql(
          `create trigger "${table}_versions_${event}" after ${event} on "${table}" referencing ${event === 'delete' ? 'old' : 'new'} table as changed_rows for each statement execute function note_resource_change('webhooks', '', '');`,
        );
      }
    }
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
  }
}
