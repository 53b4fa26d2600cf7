import { Migration } from '@mikro-orm/migrations';

/** Webhook receivers can subscribe to coupon.redemption_undone: a redemption staff took back. */
export class Migration20261125090000_RedemptionUndoneWebhook extends Migration {
  override name = 'Migration20261125090000_RedemptionUndoneWebhook';

  override up(): void | Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_type_check";`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_type_check" check ("event_type" in ('member.registered', 'comment.posted', 'coupon.claimed', 'coupon.redeemed', 'coupon.redemption_undone', 'booking.requested'));`,
    );
  }

  override down(): void | Promise<void> {
    // Deliveries of the newer event cannot stay under the older check; endpoints stop listing it.
    this.addSql(`delete from "webhook_deliveries" where "event_type" = 'coupon.redemption_undone';`);
    this.addSql(`update "webhook_endpoints" set "events" = array_remove("events", 'coupon.redemption_undone');`);
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_type_check";`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_type_check" check ("event_type" in ('member.registered', 'comment.posted', 'coupon.claimed', 'coupon.redeemed', 'booking.requested'));`,
    );
  }
}
