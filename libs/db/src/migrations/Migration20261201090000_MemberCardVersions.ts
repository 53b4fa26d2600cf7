import { Migration } from '@mikro-orm/migrations';

/**
 * A card issued, recoded or replaced bumps a `member_cards` scope as well as its member's own:
 * tonight's door data is kept and shared under an ETag built from the scopes it reads, and a card
 * issued meanwhile must give it a new one.
 */
export class Migration20261201090000_MemberCardVersions extends Migration {
  override name = 'Migration20261201090000_MemberCardVersions';

  override up(): void | Promise<void> {
    this.cardTriggers('member_cards');
  }

  override down(): void | Promise<void> {
    this.cardTriggers('');
  }

  private cardTriggers(scope: string): void {
    for (const event of ['insert', 'update', 'delete']) {
      const rows = event === 'delete' ? 'old table as changed_rows' : 'new table as changed_rows';
      this.addSql(`drop trigger "member_cards_versions_${event}" on "member_cards";`);
      this.addSql(
        `create trigger "member_cards_versions_${event}" after ${event} on "member_cards" referencing ${rows} for each statement execute function note_resource_change('${scope}', 'member_id', 'member:');`,
      );
    }
  }
}
