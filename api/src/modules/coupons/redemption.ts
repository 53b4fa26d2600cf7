import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RedeemedBy } from '@nocturne/db';
import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import type { Lastly } from '#infrastructure/outbox/unit-of-work.js';
import { type UserCouponView, UserCouponsRepository } from './user-coupons.repository.js';

export type UndoOutcome = { undone: true } | { undone: false; message: string };

const NOT_REDEEMED = 'This coupon has not been redeemed, so there is nothing to undo';
const UNDO_TOO_LATE = `A redemption can only be undone within ${REDEMPTION_UNDO_MINUTES} minutes`;

/** Redeeming a user coupon, and undoing that, whoever asks (member or staff). */
@Injectable()
export class Redemptions {
  constructor(private readonly coupons: UserCouponsRepository) {}

  /**
   * Redeems a user coupon once. Callers hold the row lock; the conditional update is the last
   * word all the same: only the first redeemer changes the row. Returns the updated row, or null
   * when it was already redeemed. The coupon's redeemed count is the row every redemption of that
   * coupon contends for: it is handed to `lastly` to go out with the COMMIT, so its lock lasts that
   * statement and the commit, with no wait for this process between them.
   */
  async markRedeemed(
    tx: EntityManager,
    raise: Raise,
    lastly: Lastly,
    row: UserCouponView,
    by: RedeemedBy,
    adminId: string | null,
    venueId: number | null = null,
  ): Promise<UserCouponView | null> {
    const changed = await this.coupons.markRedeemed(tx, row.id, by, adminId, venueId);
    if (!changed) return null;
    lastly(() => this.coupons.countRedemption(tx, row.coupon_id, 1), { withCommit: true });
    await raise(domainEvent('CouponRedeemed', row.id, { userCouponId: row.id, memberId: row.member_id, by }));
    return {
      ...row,
      redeemed_at: changed.redeemed_at,
      redeemed_by: by,
      validated_at: changed.validated_at,
      redeemed_venue_id: venueId,
    };
  }

  /**
   * Puts a redeemed user coupon back to claimed (its QR and short code work again) if it was
   * redeemed less than REDEMPTION_UNDO_MINUTES ago by the database's clock. Callers hold the row
   * lock, so of two undos the second finds it no longer redeemed. The count, as for a redemption,
   * goes out with the COMMIT.
   */
  async undo(tx: EntityManager, raise: Raise, lastly: Lastly, row: UserCouponView, adminId: string): Promise<UndoOutcome> {
    const undone = await this.coupons.unmarkRedeemed(tx, row.id, REDEMPTION_UNDO_MINUTES);
    if (!undone) return { undone: false, message: row.redeemed_at === null ? NOT_REDEEMED : UNDO_TOO_LATE };
    lastly(() => this.coupons.countRedemption(tx, row.coupon_id, -1), { withCommit: true });
    await raise(domainEvent('CouponRedemptionUndone', row.id, { userCouponId: row.id, memberId: row.member_id, adminId }));
    return { undone: true };
  }
}
