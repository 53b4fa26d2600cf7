import { Migration } from '@mikro-orm/migrations';

/**
 * News posts, coupons and promotions are the whole group's (no rows here) or for chosen venues
 * (a row per venue). Everything from before venues has no rows: it stays the group's, as it was.
 */
export class Migration20261129010100_VenueChoices extends Migration {
  override name = 'Migration20261129010100_VenueChoices';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "news_post_venues" ("post_id" uuid not null, "venue_id" int not null, primary key ("post_id", "venue_id"));`,
    );
    this.addSql(
      `alter table "news_post_venues" add constraint "news_post_venues_post_id_foreign" foreign key ("post_id") references "news_posts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "news_post_venues" add constraint "news_post_venues_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "coupon_venues" ("coupon_id" uuid not null, "venue_id" int not null, primary key ("coupon_id", "venue_id"));`,
    );
    this.addSql(
      `alter table "coupon_venues" add constraint "coupon_venues_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "coupon_venues" add constraint "coupon_venues_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "promotion_venues" ("promotion_id" uuid not null, "venue_id" int not null, primary key ("promotion_id", "venue_id"));`,
    );
    this.addSql(
      `alter table "promotion_venues" add constraint "promotion_venues_promotion_id_foreign" foreign key ("promotion_id") references "promotions" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "promotion_venues" add constraint "promotion_venues_venue_id_foreign" foreign key ("venue_id") references "venues" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "promotion_venues" cascade;`);
    this.addSql(`drop table if exists "coupon_venues" cascade;`);
    this.addSql(`drop table if exists "news_post_venues" cascade;`);
  }
}
