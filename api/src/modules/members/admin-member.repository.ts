import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';
import { USER_COLUMNS } from '../auth/auth.public.js';
import { count } from './members-sql.js';

/** An admin's name as records show it ("Alex Reyes"), from the members row joined as `alias`. */
function staffName(alias: 'a' | 'd') {
  return sql<string | null>`nullif(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)}), '')`;
}

/**
 * The admin's view of one member (their ledger, claims and door scans) and what staff change on
 * it (points adjustments, disabling and enabling), locks included. Each method runs on the
 * EntityManager it is given (inside a UnitOfWork, its transaction).
 */
@Injectable()
export class AdminMemberRepository {
  /** A member not deleted, with who disabled them (when they are). */
  memberForAdmin(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members as m')
      .leftJoin('members as d', 'd.id', 'm.disabled_by_id')
      .select([
        ...USER_COLUMNS.map((column) => `m.${column}` as const),
        'm.last_sign_in_at',
        'm.ac_synced_at',
        'm.ac_sync_error',
        'm.disabled_at',
        'd.id as disabled_by_id',
        staffName('d').as('disabled_by_name'),
      ])
      .where('m.id', '=', memberId)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The member's newest ledger rows, with the admin who wrote a staff adjustment (count them with countHistory). */
  historyForAdmin(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('point_transactions as t')
      .leftJoin('members as a', 'a.id', 't.recorded_by_id')
      .select([
        't.id',
        't.description',
        't.points',
        't.kind',
        't.created_at',
        't.base_points',
        't.tier_multiplier',
        't.promotion_multiplier',
        't.recorded_by_id',
        staffName('a').as('recorded_by_name'),
      ])
      .where('t.member_id', '=', memberId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * How many ledger rows the member has: an index-only count on (member_id, created_at), not a
   * window over the joined page (which read every row of a member with 20,000 before limiting).
   */
  async countHistory(em: EntityManager, memberId: string): Promise<number> {
    const row = await db(em)
      .selectFrom('point_transactions')
      .select(count.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many claims the member has (index-only on user_coupons (member_id, claimed_at)). */
  async countCoupons(em: EntityManager, memberId: string): Promise<number> {
    const row = await db(em)
      .selectFrom('user_coupons')
      .select(count.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The member's newest claims with their coupons, when staff last undid a redemption of each (count them with countCoupons). */
  couponsForAdmin(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select((eb) => [
        'uc.id',
        'uc.coupon_id',
        'c.code',
        'c.title',
        'c.type',
        'c.value',
        'c.valid_until',
        'c.is_active',
        'c.archived_at',
        'uc.claimed_at',
        'uc.redeemed_at',
        'uc.redeemed_by',
        'uc.validated_at',
        eb
          .selectFrom('qr_scans as s')
          .select((scan) => scan.fn.max('s.at').as('at'))
          .whereRef('s.user_coupon_id', '=', 'uc.id')
          .where('s.action', '=', 'undo')
          .where('s.result', '=', 'accepted')
          .as('undone_at'),
      ])
      .where('uc.member_id', '=', memberId)
      .orderBy('uc.claimed_at', 'desc')
      .orderBy('uc.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The newest door scans of the member's coupons: the scan log's own member column (every coupon
   * scan names its holder; older lines were filled in by the MemberScans migration), walked newest
   * first on qr_scans (member_id, id).
   */
  /** The member's newest door scans; `venueIds`: at those venues only (a manager of some venues). */
  scansForAdmin(em: EntityManager, memberId: string, limit: number, venueIds?: readonly number[]) {
    return db(em)
      .selectFrom('qr_scans as s')
      .innerJoin('user_coupons as uc', 'uc.id', 's.user_coupon_id')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .leftJoin('members as a', 'a.id', 's.admin_id')
      .select((eb) => [
        eb.cast<string>('s.id', 'text').as('id'),
        's.at',
        's.action',
        's.result',
        's.method',
        's.reason',
        'c.code as coupon_code',
        staffName('a').as('staff_name'),
      ])
      .where('s.member_id', '=', memberId)
      .$if(venueIds !== undefined, (query) => query.where('s.venue_id', 'in', [...venueIds!]))
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Locks a member not deleted (`for update`): what an adjustment, a disable or an enable decides from. */
  lockMember(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'email', 'first_name', 'last_name', 'role', 'current_points', 'disabled_at'])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Disables the account on behalf of `adminId`, or enables it (null). */
  async setDisabled(em: EntityManager, memberId: string, adminId: string | null): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({
        disabled_at: adminId === null ? null : sql<string>`now()`,
        disabled_by_id: adminId,
        updated_at: sql<string>`now()`,
      })
      .where('id', '=', memberId)
      .execute();
  }
}
