import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreateCouponRequest, UpdateCouponRequest } from '@nocturne/contracts';
import { db } from '@nocturne/db';
import { sql } from 'kysely';
import { COUPON_VIEW, now } from './coupon-rows.js';

/**
 * The coupons as managers keep them: list, create, edit, pause, delete or archive. Each method
 * takes the EntityManager (inside a UnitOfWork, the transaction) first; the handlers decide.
 */
@Injectable()
export class AdminCouponsRepository {
  async listAdmin(em: EntityManager, includeArchived: boolean) {
    return db(em)
      .selectFrom('coupons')
      .select(COUPON_VIEW)
      .$if(!includeArchived, (query) => query.where('archived_at', 'is', null))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Inserts a coupon unless a live one has its code (the partial unique index on lower(code) decides). */
  async createCoupon(em: EntityManager, input: CreateCouponRequest, adminId: string) {
    return db(em)
      .insertInto('coupons')
      .values({
        code: input.code,
        title: input.title,
        description: input.description,
        type: input.type,
        value: input.value,
        points_cost: input.pointsCost,
        required_tier: input.requiredTier,
        max_uses: input.maxUses,
        per_member_limit: input.perMemberLimit,
        valid_until: input.validUntil ? new Date(input.validUntil) : null,
        created_by_id: adminId,
      })
      .onConflict((conflict) =>
        conflict
          .expression(sql`lower(code)`)
          .where('archived_at', 'is', null)
          .doNothing(),
      )
      .returning(COUPON_VIEW)
      .executeTakeFirst();
  }

  /**
   * Writes the fields `change` holds (the others keep their value) and answers the coupon as left.
   * The partial unique index on lower(code) refuses a code another live coupon has: MikroORM's
   * UniqueConstraintViolationException.
   */
  async updateCoupon(em: EntityManager, couponId: string, change: UpdateCouponRequest) {
    try {
      return await db(em)
        .updateTable('coupons')
        .set({
          code: change.code,
          title: change.title,
          description: change.description,
          type: change.type,
          value: change.value,
          points_cost: change.pointsCost,
          required_tier: change.requiredTier,
          max_uses: change.maxUses,
          per_member_limit: change.perMemberLimit,
          valid_until: change.validUntil === undefined ? undefined : change.validUntil && new Date(change.validUntil),
          is_active: change.isActive,
          updated_at: now(),
        })
        .where('id', '=', couponId)
        .returning(COUPON_VIEW)
        .executeTakeFirstOrThrow();
    } catch (error) {
      throw error instanceof Error ? em.getDriver().convertException(error) : error;
    }
  }

  /** A coupon that is not archived, with its row lock. */
  async lockLiveCoupon(em: EntityManager, couponId: string) {
    return db(em)
      .selectFrom('coupons')
      .select(COUPON_VIEW)
      .where('id', '=', couponId)
      .where('archived_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Whether any member holds (or held) the coupon. */
  async isHeld(em: EntityManager, couponId: string): Promise<boolean> {
    const row = await db(em)
      .selectNoFrom((eb) =>
        eb.exists(eb.selectFrom('user_coupons').select(eb.lit(1).as('one')).where('coupon_id', '=', couponId)).as('held'),
      )
      .executeTakeFirstOrThrow();
    return Boolean(row.held);
  }

  async deleteCoupon(em: EntityManager, couponId: string): Promise<void> {
    await db(em).deleteFrom('coupons').where('id', '=', couponId).execute();
  }

  async archiveCoupon(em: EntityManager, couponId: string) {
    return db(em)
      .updateTable('coupons')
      .set({ archived_at: now(), is_active: false, updated_at: now() })
      .where('id', '=', couponId)
      .returning(COUPON_VIEW)
      .executeTakeFirstOrThrow();
  }
}
