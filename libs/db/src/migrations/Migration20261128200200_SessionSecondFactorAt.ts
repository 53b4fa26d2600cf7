import { Migration } from '@mikro-orm/migrations';

/**
 * When a session last passed the second factor: dangerous staff actions (exports, role changes,
 * second-factor resets, webhook and sync settings) ask for it again when that was more than 15
 * minutes ago. Null for a session that never gave it (a member's, or a staff sign-in on a device
 * remembered earlier).
 */
export class Migration20261128200200_SessionSecondFactorAt extends Migration {
  override name = 'Migration20261128200200_SessionSecondFactorAt';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add column "second_factor_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "second_factor_at";`);
  }
}
