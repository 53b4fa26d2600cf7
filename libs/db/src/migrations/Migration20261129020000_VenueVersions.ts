import { Migration } from '@mikro-orm/migrations';

/**
 * The venue list is read conditionally (the public site, the admin Venues screen, the staff
 * switcher): a change to a venue bumps the `venues` scope like the other tracked tables
 * (Migration20261122190000_ResourceVersions).
 */
export class Migration20261129020000_VenueVersions extends Migration {
  override name = 'Migration20261129020000_VenueVersions';

  override up(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      this.addSql(
        `create trigger "venues_versions_${event}" after ${event} on "venues" referencing ${event === 'delete' ? 'old' : 'new'} table as changed_rows for each statement execute function note_resource_change('venues', '', '');`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "venues_versions_${event}" on "venues";`);
  }
}
