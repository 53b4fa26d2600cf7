import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UserCouponsRepository } from './user-coupons.repository.js';
import { QrTokenService } from './qr-token.service.js';

/** Candidates tried per user coupon: at 55 bits a second one is already a one-in-billions event. */
export const SHORT_CODE_ATTEMPTS = 8;
/**
 * What refuses a short code already held: each table's unique index, and the trigger that keeps
 * coupons' and cards' codes apart (a typed code must find one row of one of them).
 */
const HELD_ELSEWHERE = ['user_coupons_short_code_unique', 'member_cards_short_code_unique', 'short_code_namespace'];

/** True for a short code refused because another user coupon or member card already holds it. */
export function isShortCodeCollision(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException &&
    HELD_ELSEWHERE.includes((error as { constraint?: string }).constraint ?? '')
  );
}

/**
 * Stores each user coupon's short code. The code is derived lazily: at claim for new coupons, and
 * the first time a member's coupons are listed for rows claimed before codes existed (a migration
 * cannot know QR_SECRET). A member can only learn a code from those answers, so every code anyone
 * can type is stored before it is shown. A stored code from a rotated-out QR_SECRET is replaced
 * the same way, as the member's QR tokens are.
 */
@Injectable()
export class ShortCodeService {
  constructor(
    private readonly qr: QrTokenService,
    private readonly coupons: UserCouponsRepository,
  ) {}

  /** The row with a stored, current short code. */
  async ensure<Row extends { id: string; short_code: string | null }>(
    em: EntityManager,
    row: Row,
  ): Promise<Row & { short_code: string }> {
    const stored = row.short_code;
    if (stored !== null && this.qr.isShortCodeOf(row.id, stored, SHORT_CODE_ATTEMPTS)) return { ...row, short_code: stored };
    return { ...row, short_code: await this.assign(em, row.id, stored) };
  }

  /**
   * Stores the first candidate no other user coupon (or member card) holds (HMAC of the id, then of `id:1`, `id:2`...)
   * in place of `previous`, and returns the code the row holds afterwards.
   */
  async assign(em: EntityManager, userCouponId: string, previous: string | null): Promise<string> {
    let replacing = previous;
    for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
      const candidate = this.qr.shortCodeFor(userCouponId, attempt);
      let stored: boolean;
      try {
        // A savepoint inside the caller's transaction (MikroORM nests them), else a transaction of
        // its own: either way a collision leaves the caller's work intact.
        stored = await em.transactional((inner) => this.coupons.storeShortCode(inner, userCouponId, candidate, replacing));
      } catch (error) {
        if (isShortCodeCollision(error)) continue;
        throw error;
      }
      if (stored) return candidate;
      // Changed since it was read: a parallel request for the same member stored it first.
      const current = await this.coupons.readShortCode(em, userCouponId);
      if (current === undefined) throw new Error(`User coupon ${userCouponId} does not exist`);
      if (current !== null && this.qr.isShortCodeOf(userCouponId, current, SHORT_CODE_ATTEMPTS)) return current;
      replacing = current;
    }
    throw new Error(`No free short code for user coupon ${userCouponId} after ${SHORT_CODE_ATTEMPTS} attempts`);
  }
}
