import { Migration } from '@mikro-orm/migrations';

export class Migration20261122200000_LastSignIn extends Migration {
  override name = 'Migration20261122200000_LastSignIn';

  override up(): void | Promise<void> {
    // Null until the member first signs in: the web greets a first sign-in with "Welcome".
    this.addSql(`alter table "members" add "last_sign_in_at" timestamptz null;`);
    // Members who already hold a session have signed in before.
    this.addSql(
      `update "members" m set "last_sign_in_at" = s."at" from (select "member_id", max("created_at") as "at" from "sessions" group by "member_id") s where s."member_id" = m."id";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "members" drop column "last_sign_in_at";`);
  }
}
