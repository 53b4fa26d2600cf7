import { Migration } from '@mikro-orm/migrations';

/**
 * Staff authenticator-app secrets are stored sealed (AES-256-GCM, `v1.<iv>.<ciphertext>.<tag>`):
 * longer than the bare 32-character base32 secret. Rows holding a bare secret stay readable and
 * are sealed by the api at their next use (the key is the api's, never the database's).
 */
export class Migration20261126190700_SealedTotpSecrets extends Migration {
  override name = 'Migration20261126190700_SealedTotpSecrets';

  override up(): void | Promise<void> {
    this.addSql(`alter table "second_factors" alter column "totp_secret" type varchar(200);`);
  }

  override down(): void | Promise<void> {
    // A sealed secret does not fit back: those factors are dropped (their staff enrol again).
    this.addSql(`delete from "second_factors" where "kind" = 'totp' and length("totp_secret") > 64;`);
    this.addSql(`alter table "second_factors" alter column "totp_secret" type varchar(64);`);
  }
}
