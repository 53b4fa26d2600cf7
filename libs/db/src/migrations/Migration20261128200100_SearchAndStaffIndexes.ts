import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes the searches and filters of the staff screens rely on at a million members:
 * - members_email_prefix_idx: the members search's e-mail starts-with (`email like 'term%'`, a
 *   text_pattern_ops range). Migration MemberSearch was meant to create it and never did, so every
 *   e-mail search read the name and e-mail trigram indexes instead.
 * - members_staff_idx: the staff list and every role filter (`role <> 'member'`, `role = 'admin'`):
 *   a partial index holding only staff, a few dozen rows among a million members.
 * - news_comments_content_trgm_idx: comment moderation's "contains" search on the text (pg_trgm,
 *   created by MemberSearch); its author half goes through the members' trigram indexes.
 * - news_comments_author_created_idx: a member's comments newest or oldest first (moderation by
 *   author, the author half of its search, the member's data export in keyset batches).
 */
export class Migration20261128200100_SearchAndStaffIndexes extends Migration {
  override name = 'Migration20261128200100_SearchAndStaffIndexes';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create index if not exists "members_email_prefix_idx" on "members" ("email" text_pattern_ops) where "deleted_at" is null;`,
    );
    this.addSql(`create index "members_staff_idx" on "members" ("role", "first_name", "id") where "role" <> 'member';`);
    this.addSql(`create index "news_comments_content_trgm_idx" on "news_comments" using gin ("content" gin_trgm_ops);`);
    this.addSql(`create index "news_comments_author_created_idx" on "news_comments" ("author_id", "created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "news_comments_author_created_idx";`);
    this.addSql(`drop index if exists "news_comments_content_trgm_idx";`);
    this.addSql(`drop index if exists "members_staff_idx";`);
    this.addSql(`drop index if exists "members_email_prefix_idx";`);
  }
}
