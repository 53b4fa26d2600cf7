import { Migration } from '@mikro-orm/migrations';

export class Migration20261121222808_NewsAndComments extends Migration {
  override name = 'Migration20261121222808_NewsAndComments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "news_posts" ("id" uuid not null default gen_random_uuid(), "title" varchar(200) not null, "content" text not null, "content_type" text not null default 'announcement', "featured_image_url" text null, "author_id" uuid null, "published_at" timestamptz not null default now(), "created_at" timestamptz not null default now(), "view_count" int not null default 0, "like_count" int not null default 0, "comment_count" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "news_posts_feed_idx" on "news_posts" ("created_at", "id");`);

    this.addSql(
      `create table "news_likes" ("id" uuid not null default gen_random_uuid(), "post_id" uuid not null, "member_id" uuid not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "news_likes_member_id_index" on "news_likes" ("member_id");`);
    this.addSql(`alter table "news_likes" add constraint "news_likes_post_member_unique" unique ("post_id", "member_id");`);

    this.addSql(
      `create table "news_comments" ("id" uuid not null default gen_random_uuid(), "post_id" uuid not null, "author_id" uuid not null, "content" varchar(2000) not null, "created_at" timestamptz not null default now(), "deleted_at" timestamptz null, "deleted_by_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "news_comments_author_id_index" on "news_comments" ("author_id");`);
    this.addSql(`create index "news_comments_post_created_idx" on "news_comments" ("post_id", "created_at");`);

    this.addSql(
      `create table "news_views" ("id" uuid not null default gen_random_uuid(), "post_id" uuid not null, "member_id" uuid not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "news_views_member_id_index" on "news_views" ("member_id");`);
    this.addSql(`alter table "news_views" add constraint "news_views_post_member_unique" unique ("post_id", "member_id");`);

    this.addSql(
      `alter table "news_posts" add constraint "news_posts_author_id_foreign" foreign key ("author_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "news_posts" add constraint "news_posts_content_type_check" check ("content_type" in ('announcement', 'event', 'exclusive_content', 'promotion'));`,
    );

    this.addSql(
      `alter table "news_likes" add constraint "news_likes_post_id_foreign" foreign key ("post_id") references "news_posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "news_likes" add constraint "news_likes_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "news_comments" add constraint "news_comments_post_id_foreign" foreign key ("post_id") references "news_posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "news_comments" add constraint "news_comments_author_id_foreign" foreign key ("author_id") references "members" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "news_comments" add constraint "news_comments_deleted_by_id_foreign" foreign key ("deleted_by_id") references "members" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "news_views" add constraint "news_views_post_id_foreign" foreign key ("post_id") references "news_posts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "news_views" add constraint "news_views_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`,
    );

    // Hand-written additions to the generated schema (reviewed):
    // the cached counts never go below zero, even if an unlike races a delete.
    this.addSql(
      `alter table "news_posts" add constraint "news_posts_counts_non_negative" check ("view_count" >= 0 and "like_count" >= 0 and "comment_count" >= 0);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "news_likes" drop constraint "news_likes_post_id_foreign";`);
    this.addSql(`alter table "news_comments" drop constraint "news_comments_post_id_foreign";`);
    this.addSql(`alter table "news_views" drop constraint "news_views_post_id_foreign";`);

    this.addSql(`drop table if exists "news_posts" cascade;`);
    this.addSql(`drop table if exists "news_likes" cascade;`);
    this.addSql(`drop table if exists "news_comments" cascade;`);
    this.addSql(`drop table if exists "news_views" cascade;`);
  }
}
