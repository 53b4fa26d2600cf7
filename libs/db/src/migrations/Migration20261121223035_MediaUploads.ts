import { Migration } from '@mikro-orm/migrations';

export class Migration20261121223035_MediaUploads extends Migration {
  override name = 'Migration20261121223035_MediaUploads';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "media_uploads" ("key" varchar(100) not null, "content_type" varchar(50) not null, "created_at" timestamptz not null default now(), "finalized_at" timestamptz null, "size" int null, primary key ("key"));`,
    );
    // The cleanup job looks only at uploads still waiting to be finalized, oldest first.
    this.addSql(`create index "media_uploads_pending_idx" on "media_uploads" ("created_at") where "finalized_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "media_uploads" cascade;`);
  }
}
