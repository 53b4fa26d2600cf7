import { Migration } from '@mikro-orm/migrations';

/**
 * The door a scan-log line was made at: the door device a manager named, which the phone chose on
 * door mode's first screen. Null for lines from before, and from a door with no name. An archived
 * door stays (archived doors are kept, never deleted), so the log still names it.
 */
export class Migration20261129030000_DoorDeviceScans extends Migration {
  override name = 'Migration20261129030000_DoorDeviceScans';

  override up(): void | Promise<void> {
    this.addSql(`alter table "qr_scans" add column "door_device_id" uuid null;`);
    this.addSql(
      `alter table "qr_scans" add constraint "qr_scans_door_device_id_foreign" foreign key ("door_device_id") references "door_devices" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "qr_scans" drop constraint if exists "qr_scans_door_device_id_foreign";`);
    this.addSql(`alter table "qr_scans" drop column if exists "door_device_id";`);
  }
}
