import type { EntityManager } from '@mikro-orm/postgresql';
import type { RedeemedBy } from '@nocturne/db';
import { domainEvent } from '@nocturne/queues';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import type { UserCouponRow } from './user-coupon.repository.js';

/**
 * Redeems a user coupon once, whoever asks (member or staff). Callers hold the row lock; the
 * conditional update is the last word all the same: only the first redeemer changes the row.
 * Returns the updated row, or null when it was already redeemed.
 */
export async function markRedeemed(
  tx: EntityManager,
  raise: Raise,
  row: UserCouponRow,
  by: RedeemedBy,
  adminId: string | null,
): Promise<UserCouponRow | null> {
  const staff = by === 'staff';
  const updated = await tx.execute<{ redeemed_at: Date; validated_at: Date | null }[]>(
    `update user_coupons
        set redeemed_at = now(), redeemed_by = ?, validated_at = case when ? then now() else validated_at end,
            validated_by_id = case when ? then ? else validated_by_id end
      where id = ? and redeemed_at is null
      returning redeemed_at, validated_at`,
    [by, staff, staff, adminId, row.id],
  );
  const changed = updated[0];
  if (!changed) return null;
  await tx.execute('update coupons set redeemed_count = redeemed_count + 1, updated_at = now() where id = ?', [row.coupon_id]);
  await raise(domainEvent('CouponRedeemed', row.id, { userCouponId: row.id, memberId: row.member_id, by }));
  return { ...row, redeemed_at: changed.redeemed_at, redeemed_by: by, validated_at: changed.validated_at };
}
