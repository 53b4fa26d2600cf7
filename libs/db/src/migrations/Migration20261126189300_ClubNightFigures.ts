import { Migration } from '@mikro-orm/migrations';

/**
 * The admin overview's figures of nights that are over: counted once, when a night
 * has ended and its redemptions can no longer be undone, and kept, so the overview scans only
 * tonight's rows instead of eight nights of a million members' claims, comments and ledger rows.
 */
export class Migration20261126189300_ClubNightFigures extends Migration {
  override name = 'Migration20261126189300_ClubNightFigures';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "club_night_figures" ("night" date not null, "figures" jsonb not null, "computed_at" timestamptz not null default now(), constraint "club_night_figures_pkey" primary key ("night"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "club_night_figures";`);
  }
}
