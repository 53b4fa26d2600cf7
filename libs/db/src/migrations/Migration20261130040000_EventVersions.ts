import { Migration } from '@mikro-orm/migrations';

/**
 * What's on, the Events screen and the overview's guest-list line are read conditionally: a change
 * to an event, a night's list or an entry on it bumps the `events` scope like the other tracked
 * tables (Migration20261122190000_ResourceVersions).
 */
export class Migration20261130040000_EventVersions extends Migration {
  override name = 'Migration20261130040000_EventVersions';

  override up(): void | Promise<void> {
    for (const table of ['events', 'guest_lists', 'guest_list_entries']) {
      for (const event of ['insert', 'update', 'delete']) {
        this.addSql(
          `create trigger "${table}_versions_${event}" after ${event} on "${table}" referencing ${event === 'delete' ? 'old' : 'new'} table as changed_rows for each statement execute function note_resource_change('events', '', '');`,
        );
      }
    }
  }

  override down(): void | Promise<void> {
    for (const table of ['events', 'guest_lists', 'guest_list_entries']) {
      for (const event of ['insert', 'update', 'delete'])
        this.addSql(`drop trigger if exists "${table}_versions_${event}" on "${table}";`);
    }
  }
}
