import { Migration } from '@mikro-orm/migrations';

export class Migration20261122134353_ShortCodes extends Migration {
  override name = 'Migration20261122134353_ShortCodes';

  override up(): void | Promise<void> {
    // Derived from QR_SECRET, which a migration does not know: existing rows stay null and the api
    // fills them in the first time the member's coupons are listed (ShortCodeService).
    this.addSql(`alter table "user_coupons" add "short_code" varchar(11) null;`);
    // Finds a typed code, and is what turns an HMAC collision into a retry with the next counter.
    this.addSql(`alter table "user_coupons" add constraint "user_coupons_short_code_unique" unique ("short_code");`);

    this.addSql(`alter table "qr_scans" add "method" text not null default 'qr';`);
    this.addSql(`alter table "qr_scans" add constraint "qr_scans_method_check" check ("method" in ('qr', 'code'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "qr_scans" drop constraint "qr_scans_method_check";`);
    this.addSql(`alter table "qr_scans" drop column "method";`);

    this.addSql(`alter table "user_coupons" drop constraint "user_coupons_short_code_unique";`);
    this.addSql(`alter table "user_coupons" drop column "short_code";`);
  }
}
