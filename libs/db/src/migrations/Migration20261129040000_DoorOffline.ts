import { Migration } from '@mikro-orm/migrations';

/**
 * Door mode offline: the redemptions and card visits doors queued while offline, kept by the id
 * each device gave them (a batch sent again changes nothing), with the conflicts they met; and
 * how old a manager lets tonight's door data get before every verdict says so.
 */
export class Migration20261129040000_DoorOffline extends Migration {
  override name = 'Migration20261129040000_DoorOffline';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "door_sync_items" ("id" uuid not null, "staff_id" uuid null, "kind" text not null, "device_at" timestamptz not null, "received_at" timestamptz not null default now(), "user_coupon_id" uuid null, "member_id" uuid null, "outcome" text not null, "message" varchar(300) not null, "other_at" timestamptz null, "other_staff_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "door_sync_items_conflicts_idx" on "door_sync_items" ("outcome", "device_at");`);
    this.addSql(
      `alter table "door_sync_items" add constraint "door_sync_items_kind_check" check ("kind" in ('redeem', 'visit'));`,
    );
    this.addSql(
      `alter table "door_sync_items" add constraint "door_sync_items_outcome_check" check ("outcome" in ('done', 'conflict', 'refused'));`,
    );
    for (const [column, table] of [
      ['staff_id', 'members'],
      ['user_coupon_id', 'user_coupons'],
      ['member_id', 'members'],
      ['other_staff_id', 'members'],
    ] as const) {
      this.addSql(
        `alter table "door_sync_items" add constraint "door_sync_items_${column}_foreign" foreign key ("${column}") references "${table}" ("id") on delete set null;`,
      );
    }
    this.addSql(`alter table "club_settings" add "door_data_stale_minutes" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "club_settings" drop column "door_data_stale_minutes";`);
    this.addSql(`drop table if exists "door_sync_items" cascade;`);
  }
}
