import { Migration } from '@mikro-orm/migrations';

export class Migration20261124101000_MemberAdministration extends Migration {
  override name = 'Migration20261124101000_MemberAdministration';

  override up(): void | Promise<void> {
    // Staff may disable an account (no session works, sign-in is refused) and enable it again.
    this.addSql(`alter table "members" add "disabled_at" timestamptz null, add "disabled_by_id" uuid null;`);
    this.addSql(
      `alter table "members" add constraint "members_disabled_by_id_foreign" foreign key ("disabled_by_id") references "members" ("id") on delete set null;`,
    );
    // A staff points adjustment names the admin who made it. Adding a nullable column rewrites no
    // row, so the append-only trigger is not involved; members are never deleted (accounts are
    // emptied instead), so `restrict` never has to update a ledger row.
    this.addSql(`alter table "point_transactions" add "recorded_by_id" uuid null;`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_recorded_by_id_foreign" foreign key ("recorded_by_id") references "members" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_recorded_by_id_foreign";`);
    this.addSql(`alter table "point_transactions" drop column "recorded_by_id";`);
    this.addSql(`alter table "members" drop constraint "members_disabled_by_id_foreign";`);
    this.addSql(`alter table "members" drop column "disabled_at", drop column "disabled_by_id";`);
  }
}
