import type { EntityManager } from '@mikro-orm/postgresql';
import type { RedeemedBy } from '@nocturne/db';
import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
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

export type UndoOutcome = { undone: true } | { undone: false; message: string };

export const NOT_REDEEMED = 'This coupon has not been redeemed, so there is nothing to undo';
export const UNDO_TOO_LATE = `A redemption can only be undone within ${REDEMPTION_UNDO_MINUTES} minutes`;

/**
 * Puts a redeemed user coupon back to claimed (its QR and short code work again) if it was
 * redeemed less than REDEMPTION_UNDO_MINUTES ago by the database's clock. Callers hold the row
 * lock, so of two undos the second finds it no longer redeemed.
 */
export async function undoRedemption(tx: EntityManager, raise: Raise, row: UserCouponRow, adminId: string): Promise<UndoOutcome> {
  const updated = await tx.execute<{ id: string }[]>(
    `update user_coupons
        set redeemed_at = null, redeemed_by = null, validated_at = null, validated_by_id = null
      where id = ? and redeemed_at is not null and redeemed_at > now() - make_interval(mins => ?)
      returning id`,
    [row.id, REDEMPTION_UNDO_MINUTES],
  );
  if (!updated[0]) return { undone: false, message: row.redeemed_at === null ? NOT_REDEEMED : UNDO_TOO_LATE };
  await tx.execute('update coupons set redeemed_count = redeemed_count - 1, updated_at = now() where id = ?', [row.coupon_id]);
  await raise(domainEvent('CouponRedemptionUndone', row.id, { userCouponId: row.id, memberId: row.member_id, adminId }));
  return { undone: true };
}
