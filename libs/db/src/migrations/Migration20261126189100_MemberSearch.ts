import { Migration } from '@mikro-orm/migrations';

/**
 * The admin members table at a million members: pages walk (created_at, id) from the
 * cursor instead of counting and skipping; a search finds an e-mail from its start through a
 * text_pattern_ops range and a name by any part through a trigram index (pg_trgm, a trusted
 * extension the database's owner may create), instead of matching ILIKE '%…%' against every row.
 * (E-mails by any part would be a trigram index too, but every address shares the trigrams of
 * its domain, and a search there read a million entries.)
 */
export class Migration20261126189100_MemberSearch extends Migration {
  override name = 'Migration20261126189100_MemberSearch';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "members_admin_list_idx" on "members" ("created_at" desc, "id" desc) where "deleted_at" is null;`);
    this.addSql(
      `create index "members_email_trgm_idx" on "members" using gin ("email" gin_trgm_ops) where "deleted_at" is null;`,
    );
    this.addSql(
      `create index "members_name_trgm_idx" on "members" using gin (("first_name" || ' ' || coalesce("last_name", '')) gin_trgm_ops) where "deleted_at" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "members_name_trgm_idx";`);
    this.addSql(`drop index if exists "members_email_prefix_idx";`);
    this.addSql(`drop index if exists "members_admin_list_idx";`);
  }
}
