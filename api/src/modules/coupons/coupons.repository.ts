import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreateCouponRequest, UpdateCouponRequest } from '@nocturne/contracts';
import { type Database, db, PreparedQuery, type RedeemedBy } from '@nocturne/db';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { MyCouponsPosition } from './my-coupons-cursor.js';
import {
  claimantFactsBeforeOwnClaim,
  claimObstacleSql,
  couponOfferedSql,
  couponsWithClaimant,
  couponUsableSql,
  joinedClaimantFacts,
} from './claim-rules.js';

/** The coupon columns every answer about a coupon is made from. */
const COUPON_VIEW = [
  'id',
  'code',
  'title',
  'description',
  'type',
  'value',
  'points_cost',
  'required_tier',
  'max_uses',
  'per_member_limit',
  'valid_until',
  'is_active',
  'archived_at',
  'claimed_count',
  'redeemed_count',
  'created_at',
] as const satisfies readonly (keyof Database['coupons'])[];

export type CouponView = Pick<Selectable<Database['coupons']>, (typeof COUPON_VIEW)[number]>;
export type AvailableCouponRow = Awaited<ReturnType<CouponsRepository['listAvailable']>>[number];
export type UserCouponView = NonNullable<Awaited<ReturnType<CouponsRepository['findUserCoupon']>>>;
export type Claimant = NonNullable<Awaited<ReturnType<CouponsRepository['lockClaimant']>>>;
export type ScanLogRow = Awaited<ReturnType<CouponsRepository['listScans']>>[number];
export type ScanLogEntry = Omit<Insertable<Database['qr_scans']>, 'id' | 'at'>;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const now = () => sql<string>`now()`;

/**
 * A user coupon with its holder (and whether their account still works), the staffer who
 * validated it (the door names them: "Already used at 23:41 (Sam)") and, as JSON, its coupon.
 */
function selectUserCoupon(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .innerJoin('members as m', 'm.id', 'uc.member_id')
    .select((eb) => [
      'uc.id',
      'uc.member_id',
      'uc.coupon_id',
      'uc.claimed_at',
      'uc.redeemed_at',
      'uc.redeemed_by',
      'uc.validated_at',
      'uc.validated_by_id',
      'uc.short_code',
      'm.first_name',
      'm.last_name',
      'm.member_tier',
      'm.disabled_at',
      'm.deleted_at',
      // A subquery, not a join: a redeemer that waited for the row lock gets the row as the winner
      // left it, and PostgreSQL re-runs a subquery for that row but keeps a joined row as first read.
      eb.selectFrom('members as v').select('v.first_name').whereRef('v.id', '=', 'uc.validated_by_id').as('validated_by_name'),
      // The coupon row as JSON, so its columns never clash with the user coupon's.
      eb.fn.toJson('c').as('coupon'),
    ]);
}

/*
 * The statements of GET /api/coupons, the claim and the redemptions, each compiled once
 * (PreparedQuery): the list is polled by every member, and the claim and redeem run theirs while
 * holding row locks. The SQL is what the builder would produce on each call.
 */

/**
 * The coupons on offer (usable, not used up), newest first, each with what stops this member
 * claiming it now (claim-rules.ts), judged on the member's row as it is. The member's row and their
 * claims are joined once (couponsWithClaimant), not looked up for every coupon row.
 */
const availableCoupons = new PreparedQuery((kysely, memberId: string) =>
  couponsWithClaimant(kysely, memberId)
    .select(COUPON_VIEW.map((column) => `coupons.${column}` as const))
    .select((eb) => claimObstacleSql(eb, joinedClaimantFacts).as('obstacle'))
    .where((eb) => couponOfferedSql(eb))
    .orderBy('coupons.created_at', 'desc')
    .orderBy('coupons.id', 'desc'),
);

const couponById = new PreparedQuery((kysely, couponId: string) =>
  kysely.selectFrom('coupons').select(COUPON_VIEW).where('id', '=', couponId),
);

const claimantForUpdate = new PreparedQuery((kysely, memberId: string) =>
  kysely.selectFrom('members').select(['id', 'member_tier', 'current_points']).where('id', '=', memberId).forUpdate(),
);

const memberClaims = new PreparedQuery((kysely, couponId: string, memberId: string) =>
  kysely
    .selectFrom('user_coupons')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('coupon_id', '=', couponId)
    .where('member_id', '=', memberId),
);

/**
 * The conditional update that ends a claim, after its user coupon, payment and outbox row are
 * written: every claim rule (claim-rules.ts), judged by PostgreSQL on the coupon's row as it is when
 * it runs, with the member's facts as they were before this claim, at the price the claim paid.
 */
const takeClaim = new PreparedQuery(
  (kysely, couponId: string, memberId: string, userCouponId: string, balanceBefore: number, price: number) =>
    kysely
      .updateTable('coupons')
      .set((eb) => ({ claimed_count: eb('claimed_count', '+', 1), updated_at: now() }))
      .where('coupons.id', '=', couponId)
      .where('coupons.points_cost', '=', price)
      .where((eb) =>
        eb(claimObstacleSql(eb, claimantFactsBeforeOwnClaim(eb, memberId, { userCouponId, balanceBefore })), 'is', null),
      )
      .returning('id'),
);

const newUserCoupon = new PreparedQuery((kysely, memberId: string, couponId: string) =>
  kysely.insertInto('user_coupons').values({ member_id: memberId, coupon_id: couponId }).returning('id'),
);

const userCouponById = {
  anyOwner: new PreparedQuery((kysely, id: string) => selectUserCoupon(kysely).where('uc.id', '=', id)),
  anyOwnerLocked: new PreparedQuery((kysely, id: string) => selectUserCoupon(kysely).where('uc.id', '=', id).forUpdate('uc')),
  owner: new PreparedQuery((kysely, id: string, memberId: string) =>
    selectUserCoupon(kysely).where('uc.id', '=', id).where('uc.member_id', '=', memberId),
  ),
  ownerLocked: new PreparedQuery((kysely, id: string, memberId: string) =>
    selectUserCoupon(kysely).where('uc.id', '=', id).where('uc.member_id', '=', memberId).forUpdate('uc'),
  ),
};

const userCouponByShortCode = {
  plain: new PreparedQuery((kysely, code: string) => selectUserCoupon(kysely).where('uc.short_code', '=', code)),
  locked: new PreparedQuery((kysely, code: string) => selectUserCoupon(kysely).where('uc.short_code', '=', code).forUpdate('uc')),
};

const storeShortCode = new PreparedQuery((kysely, id: string, code: string, replacing: string | null) =>
  kysely
    .updateTable('user_coupons')
    .set({ short_code: code })
    .where('id', '=', id)
    .where('short_code', 'is not distinct from', replacing)
    .returning('id'),
);

/** The conditional update of a redemption: only a row not yet redeemed changes; staff are recorded as validator. */
const markRedeemed = {
  member: new PreparedQuery((kysely, id: string) =>
    kysely
      .updateTable('user_coupons')
      .set({ redeemed_at: now(), redeemed_by: 'member' })
      .where('id', '=', id)
      .where('redeemed_at', 'is', null)
      .returning(['redeemed_at', 'validated_at']),
  ),
  staff: new PreparedQuery((kysely, id: string, adminId: string | null) =>
    kysely
      .updateTable('user_coupons')
      .set({ redeemed_at: now(), redeemed_by: 'staff', validated_at: now(), validated_by_id: adminId })
      .where('id', '=', id)
      .where('redeemed_at', 'is', null)
      .returning(['redeemed_at', 'validated_at']),
  ),
};

const countRedemption = new PreparedQuery((kysely, couponId: string, change: number) =>
  kysely
    .updateTable('coupons')
    .set((eb) => ({ redeemed_count: eb('redeemed_count', '+', change), updated_at: now() }))
    .where('id', '=', couponId),
);

/**
 * Every query of the coupons module: coupons, user coupons and the door's scan log. Each method
 * takes the EntityManager (inside a UnitOfWork, the transaction) first. No rules here: callers
 * decide; the row locks and conditional updates are what make concurrent claims and redemptions safe.
 */
@Injectable()
export class CouponsRepository {
  // ---- coupons

  async findCoupon(em: EntityManager, couponId: string) {
    return couponById.first(em, couponId);
  }

  /** The coupons on offer, newest first, each with what stops this member claiming it now (null: nothing). */
  async listAvailable(em: EntityManager, memberId: string) {
    return availableCoupons.rows(em, memberId);
  }

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

  // ---- claims

  /** The claimant's row lock: it queues one member's claims one behind another. */
  async lockClaimant(em: EntityManager, memberId: string) {
    return claimantForUpdate.first(em, memberId);
  }

  async countMemberClaims(em: EntityManager, couponId: string, memberId: string): Promise<number> {
    return (await memberClaims.first(em, couponId, memberId))!.count;
  }

  /**
   * Counts the claim `userCouponId` (already written, and paid at `price` from `balanceBefore`) if
   * the member may still claim the coupon at that price; false when they may not. The update takes
   * the coupon's row lock, so parallel claims queue and each sees the last count.
   */
  async takeClaim(
    em: EntityManager,
    claim: { couponId: string; memberId: string; userCouponId: string; balanceBefore: number; price: number },
  ): Promise<boolean> {
    const { couponId, memberId, userCouponId, balanceBefore, price } = claim;
    return (await takeClaim.first(em, couponId, memberId, userCouponId, balanceBefore, price)) !== undefined;
  }

  async insertUserCoupon(em: EntityManager, memberId: string, couponId: string): Promise<string> {
    return (await newUserCoupon.first(em, memberId, couponId))!.id;
  }

  // ---- user coupons

  /**
   * One user coupon with its coupon and holder. `memberId` restricts it to its owner (anyone
   * else's is not found); `lock` takes its row lock so concurrent redemptions queue.
   */
  async findUserCoupon(em: EntityManager, id: string, options: { memberId?: string; lock?: boolean } = {}) {
    // Not a uuid cannot be a user coupon; PostgreSQL would refuse to compare it with one.
    if (!UUID_PATTERN.test(id)) return undefined;
    if (options.memberId === undefined)
      return (options.lock ? userCouponById.anyOwnerLocked : userCouponById.anyOwner).first(em, id);
    return (options.lock ? userCouponById.ownerLocked : userCouponById.owner).first(em, id, options.memberId);
  }

  /** The user coupon holding a short code (stored form), found through its unique index. */
  async findUserCouponByShortCode(em: EntityManager, code: string, options: { lock?: boolean } = {}) {
    return (options.lock ? userCouponByShortCode.locked : userCouponByShortCode.plain).first(em, code);
  }

  /**
   * The member's coupons usable tonight, newest claim first: claimed, not redeemed, and a coupon
   * anyone may still use (claim-rules.ts: not withdrawn, not paused, not expired) at the statement's now().
   */
  async listUsableOf(em: EntityManager, memberId: string) {
    return selectUserCoupon(db(em))
      .where('uc.member_id', '=', memberId)
      .where('uc.redeemed_at', 'is', null)
      .where('uc.coupon_id', 'in', (eb) =>
        eb
          .selectFrom('coupons')
          .select('coupons.id')
          .where((c) => couponUsableSql(c)),
      )
      .orderBy('uc.claimed_at', 'desc')
      .orderBy('uc.id', 'desc')
      .execute();
  }

  /**
   * Whether `typed` is a coupon's template code (FIRSTROUND), live or archived: what a member's
   * coupon used to show in large type. Case, spaces and hyphens do not matter, as in short codes.
   */
  async isTemplateCode(em: EntityManager, typed: string): Promise<boolean> {
    const compact = typed.replace(/[\s\-\u2010-\u2015\u2212]/g, '').toLowerCase();
    if (compact === '') return false;
    const row = await db(em)
      .selectFrom('coupons')
      .select('id')
      .where(sql<string>`lower(regexp_replace(code, '[\s-]', '', 'g'))`, '=', compact)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Up to `limit` of the member's user coupons, held ones (not redeemed) first, then the redeemed
   * ones, each part newest claim first: a range scan of user_coupons_member_held_idx (member_id,
   * (redeemed_at is null), claimed_at, id) read backwards, after a position when there is one.
   */
  async listMemberUserCoupons(em: EntityManager, memberId: string, after: MyCouponsPosition | null, limit: number) {
    const page = selectUserCoupon(db(em))
      .select((eb) => [
        sql<boolean>`${eb.ref('uc.redeemed_at')} is null`.as('held'),
        sql<string>`to_char(${eb.ref('uc.claimed_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
      ])
      .where('uc.member_id', '=', memberId)
      .orderBy(sql`(${sql.ref('uc.redeemed_at')} is null)`, 'desc')
      .orderBy('uc.claimed_at', 'desc')
      .orderBy('uc.id', 'desc')
      .limit(limit);
    if (!after) return page.execute();
    return page
      .where(
        sql<boolean>`((${sql.ref('uc.redeemed_at')} is null), ${sql.ref('uc.claimed_at')}, ${sql.ref('uc.id')}) < (${after.held}::boolean, ${after.claimedAt}::timestamptz, ${after.id}::uuid)`,
      )
      .execute();
  }

  /**
   * Stores `code` as the user coupon's short code if it still holds `replacing` (null or a stale
   * code); answers whether it did. The unique index refuses a code another user coupon holds.
   */
  async storeShortCode(em: EntityManager, id: string, code: string, replacing: string | null): Promise<boolean> {
    try {
      return (await storeShortCode.first(em, id, code, replacing)) !== undefined;
    } catch (error) {
      // Kysely passes the driver's error through; MikroORM's class (UniqueConstraintViolationException) names the collision.
      throw error instanceof Error ? em.getDriver().convertException(error) : error;
    }
  }

  /** The user coupon's stored short code: null when it has none, undefined when there is no such row. */
  async readShortCode(em: EntityManager, id: string): Promise<string | null | undefined> {
    const row = await db(em).selectFrom('user_coupons').select('short_code').where('id', '=', id).executeTakeFirst();
    return row?.short_code;
  }

  // ---- redemptions

  /**
   * Marks a user coupon redeemed unless it already is (the conditional update decides between
   * concurrent redeemers); staff are recorded as its validator. Undefined when it was redeemed.
   */
  async markRedeemed(em: EntityManager, id: string, by: RedeemedBy, adminId: string | null) {
    return by === 'staff' ? markRedeemed.staff.first(em, id, adminId) : markRedeemed.member.first(em, id);
  }

  /** Puts a user coupon back to claimed if it was redeemed less than `minutes` ago (database clock). */
  async unmarkRedeemed(em: EntityManager, id: string, minutes: number): Promise<boolean> {
    const undone = await db(em)
      .updateTable('user_coupons')
      .set({ redeemed_at: null, redeemed_by: null, validated_at: null, validated_by_id: null })
      .where('id', '=', id)
      .where('redeemed_at', 'is not', null)
      .where('redeemed_at', '>', sql<string>`now() - make_interval(mins => ${minutes})`)
      .returning('id')
      .executeTakeFirst();
    return undone !== undefined;
  }

  /** Moves the coupon's cached redeemed count by `change` (+1 or -1). */
  async countRedemption(em: EntityManager, couponId: string, change: 1 | -1): Promise<void> {
    await countRedemption.rows(em, couponId, change);
  }

  // ---- the door

  /** Queues one staff account's typed-code attempts until the transaction ends. */
  async lockTypedCodeAttempts(em: EntityManager, adminId: string): Promise<void> {
    const key = `qr-code-attempts:${adminId.toLowerCase()}`;
    await db(em)
      .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtextextended', [eb.val(key), eb.lit(0)])]).as('locked'))
      .execute();
  }

  async logScan(em: EntityManager, entry: ScanLogEntry): Promise<void> {
    await db(em).insertInto('qr_scans').values(entry).execute();
  }

  /**
   * A page of the scan log, newest first, one row more than `limit` when there is a next page;
   * `since` keeps only attempts from that instant on. The member is the line's own (cards, and
   * coupon scans since it was recorded), else the scanned coupon's holder.
   */
  async listScans(em: EntityManager, options: { limit: number; cursor: string | undefined; undoMinutes: number; since?: Date }) {
    const { limit, cursor, undoMinutes, since } = options;
    return db(em)
      .selectFrom('qr_scans as s')
      .leftJoin('members as a', 'a.id', 's.admin_id')
      .leftJoin('user_coupons as uc', 'uc.id', 's.user_coupon_id')
      .leftJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .leftJoin('members as m', (join) => join.on((eb) => eb('m.id', '=', eb.fn.coalesce('s.member_id', 'uc.member_id'))))
      .select((eb) => [
        eb.cast<string>('s.id', 'text').as('id'),
        's.at',
        's.admin_id',
        'a.first_name as admin_name',
        's.user_coupon_id',
        's.scanned_id',
        's.method',
        's.action',
        's.result',
        's.reason',
        'c.code as coupon_code',
        'm.id as member_id',
        'm.first_name as member_first_name',
        eb.fn<string>('concat_ws', [sql.lit(' '), 'm.first_name', 'm.last_name']).as('member_name'),
        'uc.validated_by_id',
        // A redemption and its log line share the transaction's now(): this line's redemption still
        // stands when the coupon's redeemed_at is its time (not an older one since undone).
        eb
          .case()
          .when(
            eb.and([
              eb('s.action', '=', 'redeem'),
              eb('s.result', '=', 'accepted'),
              eb('uc.redeemed_at', '=', eb.ref('s.at')),
              eb('uc.redeemed_at', '>', sql<string>`now() - make_interval(mins => ${undoMinutes})`),
            ]),
          )
          .then(sql<string>`uc.redeemed_at + make_interval(mins => ${undoMinutes})`)
          .end()
          .as('undoable_until'),
      ])
      .$if(cursor !== undefined, (query) => query.where('s.id', '<', cursor!))
      .$if(since !== undefined, (query) => query.where('s.at', '>=', since!.toISOString()))
      .orderBy('s.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** What one staffer did at the door in [start, end): accepted redemptions and accepted undos. */
  async tallyOf(em: EntityManager, adminId: string, start: Date, end: Date) {
    return db(em)
      .selectFrom('qr_scans')
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll().filterWhere('action', '=', 'redeem'), 'integer').as('redemptions'),
        eb.cast<number>(eb.fn.countAll().filterWhere('action', '=', 'undo'), 'integer').as('undone'),
      ])
      .where('admin_id', '=', adminId)
      .where('result', '=', 'accepted')
      .where('at', '>=', start.toISOString())
      .where('at', '<', end.toISOString())
      .executeTakeFirstOrThrow();
  }
}
