import { Migration } from '@mikro-orm/migrations';

/**
 * Reaching a tier is celebrated once. One row per member, the highest tier the
 * members area has celebrated with them (`tierToCelebrate` compares the current tier with it).
 */
export class Migration20261126190200_TierCelebrations extends Migration {
  override name = 'Migration20261126190200_TierCelebrations';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tier_celebrations" ("member_id" uuid not null, "tier" text check ("tier" in ('bronze', 'silver', 'gold', 'platinum')) not null, "celebrated_at" timestamptz not null default now(), primary key ("member_id"));`,
    );
    this.addSql(
      `alter table "tier_celebrations" add constraint "tier_celebrations_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tier_celebrations" cascade;`);
  }
}
