import { Migration } from '@mikro-orm/migrations';

/** A tier benefit: the plus-ones a member of the tier may bring on a guest list (bronze 0 to platinum 3), which a manager edits. */
export class Migration20261129050100_GuestListPlusOnes extends Migration {
  override name = 'Migration20261129050100_GuestListPlusOnes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tier_benefits" add "guest_list_plus_ones" smallint not null default 0;`);
    this.addSql(
      `alter table "tier_benefits" add constraint "tier_benefits_plus_ones_check" check ("guest_list_plus_ones" between 0 and 10);`,
    );
    this.addSql(
      `update "tier_benefits" set "guest_list_plus_ones" = case "tier" when 'silver' then 1 when 'gold' then 2 when 'platinum' then 3 else 0 end;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tier_benefits" drop column "guest_list_plus_ones";`);
  }
}
