import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';

/**
 * What a door that redeemed offline asks of a redemption once its batch arrives: the redemption
 * stands at the time the door decided it, not at its arrival, so of two doors that used one
 * coupon the first by time is the one the coupon records. Callers hold the row lock.
 */
@Injectable()
export class OfflineRedemptions {
  /** Dates a staff redemption at `at` and names `staffId` as its validator (the door that was first). */
  async dateRedemption(tx: EntityManager, userCouponId: string, at: Date, staffId: string): Promise<void> {
    await db(tx)
      .updateTable('user_coupons')
      .set({ redeemed_at: at.toISOString(), redeemed_by: 'staff', validated_at: at.toISOString(), validated_by_id: staffId })
      .where('id', '=', userCouponId)
      .where('redeemed_at', 'is not', null)
      .execute();
  }
}
