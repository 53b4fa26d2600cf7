import { Migration } from '@mikro-orm/migrations';

/**
 * What a venue must know at sign-up. The date of birth (null for members who joined
 * before it was asked: the profile asks them, nothing blocks them), and the marketing consent with
 * the moment and the version of the wording it was given or withdrawn under. Everyone already a
 * member starts without consent (unsubscribed): consent is never assumed.
 */
export class Migration20261126184000_SignUpConsent extends Migration {
  override name = 'Migration20261126184000_SignUpConsent';

  override up(): void | Promise<void> {
    this.addSql(`alter table "members" add column "date_of_birth" date null;`);
    this.addSql(`alter table "members" add column "marketing_consent" boolean not null default false;`);
    this.addSql(`alter table "members" add column "marketing_consent_at" timestamptz null;`);
    this.addSql(`alter table "members" add column "marketing_consent_version" varchar(20) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "members" drop column "marketing_consent_version";`);
    this.addSql(`alter table "members" drop column "marketing_consent_at";`);
    this.addSql(`alter table "members" drop column "marketing_consent";`);
    this.addSql(`alter table "members" drop column "date_of_birth";`);
  }
}
