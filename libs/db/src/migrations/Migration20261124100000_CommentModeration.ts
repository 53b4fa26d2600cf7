import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100000_CommentModeration extends Migration {
  override name = 'Migration20261124100000_CommentModeration';

  override up(): void | Promise<void> {
    // The moderation screen lists every post's comments newest first, paged by (created_at, id).
    this.addSql(`create index "news_comments_created_idx" on "news_comments" ("created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "news_comments_created_idx";`);
  }
}
