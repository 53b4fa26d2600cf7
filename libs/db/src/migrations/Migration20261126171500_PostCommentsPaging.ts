import { Migration } from '@mikro-orm/migrations';

/**
 * A post's comments are answered a page at a time, oldest first, keyed by (created_at, id): the
 * index gains `id`, so a page starts after its cursor and ends after `limit` rows without sorting
 * the post's other comments. It replaces (post_id, created_at), which is its prefix; the moderation
 * screen's filter by post reads it backwards.
 */
export class Migration20261126171500_PostCommentsPaging extends Migration {
  override name = 'Migration20261126171500_PostCommentsPaging';

  override up(): void | Promise<void> {
    this.addSql(`create index "news_comments_post_created_id_idx" on "news_comments" ("post_id", "created_at", "id");`);
    this.addSql(`drop index "news_comments_post_created_idx";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "news_comments_post_created_idx" on "news_comments" ("post_id", "created_at");`);
    this.addSql(`drop index "news_comments_post_created_id_idx";`);
  }
}
