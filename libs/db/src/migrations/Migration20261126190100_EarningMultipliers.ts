import { Migration } from '@mikro-orm/migrations';

/**
 * Multipliers applied by the ledger: the promotions a manager schedules
 * (an earning multiplier for every club night of a date range, or only those of some weekdays),
 * and on every ledger row what it was paid by: its base points, the tier multiplier, the
 * promotion multiplier and the promotion (none: null). Rows written before are what they paid:
 * base = points, 1.00×, 1.00×, no promotion.
 *
 * The check holds the stacking rule (`earnedPoints`): a comment reward or a visit pays
 * round-half-up(base × tier × promotion / 10000); every other kind pays its base at 1.00×.
 */
export class Migration20261126190100_EarningMultipliers extends Migration {
  override name = 'Migration20261126190100_EarningMultipliers';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "promotions" ("id" uuid not null default gen_random_uuid(), "name" varchar(80) not null, "multiplier" int not null, "starts_on" date not null, "ends_on" date not null, "weekdays" smallint[] null, "created_at" timestamptz not null default now(), "created_by_id" uuid null, "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "promotions_ends_on_idx" on "promotions" ("ends_on");`);
    this.addSql(
      `alter table "promotions" add constraint "promotions_created_by_id_foreign" foreign key ("created_by_id") references "members" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "promotions" add constraint "promotions_schedule_check" check ("multiplier" between 100 and 500 and "ends_on" >= "starts_on" and ("weekdays" is null or "weekdays" <@ array[0, 1, 2, 3, 4, 5, 6]::smallint[]));`,
    );

    this.addSql(`alter table "point_transactions" add column "base_points" int null;`);
    this.addSql(`alter table "point_transactions" add column "tier_multiplier" int not null default 100;`);
    this.addSql(`alter table "point_transactions" add column "promotion_multiplier" int not null default 100;`);
    this.addSql(`alter table "point_transactions" add column "promotion_id" uuid null;`);
    // The one rewrite of old rows: base_points did not exist, so each row's base is what it paid.
    this.addSql(`alter table "point_transactions" disable trigger "point_transactions_erase_only";`);
    this.addSql(`update "point_transactions" set "base_points" = "points";`);
    this.addSql(`alter table "point_transactions" enable trigger "point_transactions_erase_only";`);
    this.addSql(`alter table "point_transactions" alter column "base_points" set not null;`);
    // A row written without a base (scripts, older code) paid its points at 1.00×: base = points.
    this.addSql(`create function point_transactions_base_default() returns trigger language plpgsql as $$
      begin
        if new.base_points is null then
          new.base_points := new.points;
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger point_transactions_base_default before insert on "point_transactions" for each row execute function point_transactions_base_default();`,
    );
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_promotion_id_foreign" foreign key ("promotion_id") references "promotions" ("id") on delete restrict;`,
    );
    this.addSql(`create index "point_transactions_promotion_id_idx" on "point_transactions" ("promotion_id");`);
    this.addSql(
      `alter table "point_transactions" add constraint "point_transactions_earning_check" check (case when "kind" in ('comment_reward', 'visit') then "tier_multiplier" between 100 and 500 and "promotion_multiplier" between 100 and 500 and ("promotion_id" is not null or "promotion_multiplier" = 100) and "base_points" >= 0 and "points" = ("base_points"::bigint * "tier_multiplier" * "promotion_multiplier" + 5000) / 10000 else "base_points" = "points" and "tier_multiplier" = 100 and "promotion_multiplier" = 100 and "promotion_id" is null end);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_earning_check";`);
    this.addSql(`drop trigger "point_transactions_base_default" on "point_transactions";`);
    this.addSql(`drop function point_transactions_base_default();`);
    this.addSql(`alter table "point_transactions" drop constraint "point_transactions_promotion_id_foreign";`);
    this.addSql(`drop index "point_transactions_promotion_id_idx";`);
    this.addSql(
      `alter table "point_transactions" drop column "base_points", drop column "tier_multiplier", drop column "promotion_multiplier", drop column "promotion_id";`,
    );
    this.addSql(`drop table if exists "promotions" cascade;`);
  }
}
