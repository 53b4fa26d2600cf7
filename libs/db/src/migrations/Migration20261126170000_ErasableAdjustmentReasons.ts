import { Migration } from '@mikro-orm/migrations';

/**
 * Security review M4: a staff adjustment's free-text reason outlived the member's deletion, since
 * point_transactions refused every UPDATE. The ledger stays append-only in everything that counts
 * (points, kind, member, source, dates); one change is let through, the erasure of a row's
 * description, and only from a transaction that says so (`nocturne.erasure` = on, set by
 * @nocturne/ledger's eraseAdjustmentReasons).
 */
export class Migration20261126170000_ErasableAdjustmentReasons extends Migration {
  override name = 'Migration20261126170000_ErasableAdjustmentReasons';

  override up(): void {
    this.addSql(`drop trigger point_transactions_append_only on "point_transactions";`);
    this.addSql(
      `create trigger point_transactions_append_only before delete or truncate on "point_transactions" for each statement execute function point_transactions_append_only();`,
    );
    this.addSql(`create function point_transactions_erase_only() returns trigger language plpgsql as $$
      begin
        if current_setting('nocturne.erasure', true) = 'on'
           and (to_jsonb(new) - 'description') = (to_jsonb(old) - 'description') then
          return new;
        end if;
        raise exception 'point_transactions is append-only: % refused', tg_op using errcode = 'restrict_violation';
      end $$;`);
    this.addSql(
      `create trigger point_transactions_erase_only before update on "point_transactions" for each row execute function point_transactions_erase_only();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger point_transactions_erase_only on "point_transactions";`);
    this.addSql(`drop function point_transactions_erase_only();`);
    this.addSql(`drop trigger point_transactions_append_only on "point_transactions";`);
    this.addSql(
      `create trigger point_transactions_append_only before update or delete or truncate on "point_transactions" for each statement execute function point_transactions_append_only();`,
    );
  }
}
