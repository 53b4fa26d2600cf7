import { Migration } from '@mikro-orm/migrations';

export class Migration20261126120000_StaffRoles extends Migration {
  override name = 'Migration20261126120000_StaffRoles';

  override up(): void | Promise<void> {
    // One staff flag becomes a role: every admin of before keeps every right (admin), and door
    // staff and managers get only what their work needs.
    this.addSql(`alter table "members" add "role" text not null default 'member';`);
    this.addSql(
      `alter table "members" add constraint "members_role_check" check ("role" in ('member', 'door', 'manager', 'admin'));`,
    );
    this.addSql(`update "members" set "role" = 'admin' where "is_admin";`);
    this.addSql(`alter table "members" drop column "is_admin";`);
  }

  override down(): void | Promise<void> {
    // Going back, anyone on staff becomes an admin: the old schema had no narrower right.
    this.addSql(`alter table "members" add "is_admin" boolean not null default false;`);
    this.addSql(`update "members" set "is_admin" = true where "role" <> 'member';`);
    this.addSql(`alter table "members" drop constraint "members_role_check";`);
    this.addSql(`alter table "members" drop column "role";`);
  }
}
