import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db, type ReferralState } from '@nocturne/db';
import type { ReferralRefusal } from '@nocturne/domain';
import { sql } from 'kysely';

export interface StoredSettings {
  referral_points: number | null;
  referrals_per_month: number | null;
  birthday_coupon_id: string | null;
  visit_points_per_night: number | null;
}

export interface ReferrerByCode {
  id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  date_of_birth: string | null;
}

export interface PendingReferral {
  id: string;
  referrer_id: string;
  referred_id: string;
}

/** The referrals module's tables: invite codes, referrals and the venue's membership settings. */
@Injectable()
export class ReferralsRepository {
  async settings(em: EntityManager): Promise<StoredSettings | undefined> {
    return db(em)
      .selectFrom('club_settings')
      .select(['referral_points', 'referrals_per_month', 'birthday_coupon_id', 'visit_points_per_night'])
      .where('id', '=', 1)
      .executeTakeFirst();
  }

  async saveSettings(em: EntityManager, settings: StoredSettings, managerId: string): Promise<void> {
    await db(em)
      .insertInto('club_settings')
      .values({ id: 1, ...settings, updated_by_id: managerId, updated_at: sql<string>`now()` })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({
          referral_points: settings.referral_points,
          referrals_per_month: settings.referrals_per_month,
          birthday_coupon_id: settings.birthday_coupon_id,
          visit_points_per_night: settings.visit_points_per_night,
          updated_by_id: managerId,
          updated_at: sql<string>`now()`,
        }),
      )
      .execute();
  }

  async couponExists(em: EntityManager, couponId: string): Promise<boolean> {
    const row = await db(em).selectFrom('coupons').select('id').where('id', '=', couponId).executeTakeFirst();
    return row !== undefined;
  }

  async codeOf(em: EntityManager, memberId: string): Promise<string | undefined> {
    const row = await db(em).selectFrom('referral_codes').select('code').where('member_id', '=', memberId).executeTakeFirst();
    return row?.code;
  }

  /** Stores a code for the member unless they have one or the code is taken (either conflict: nothing). */
  async insertCode(em: EntityManager, memberId: string, code: string): Promise<void> {
    await db(em)
      .insertInto('referral_codes')
      .values({ member_id: memberId, code })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /**
   * The member whose code this is, if they can still invite (not deleted, not disabled). Locks the
   * code's row: two sign-ups through one link are counted against the cap one after the other.
   */
  async lockReferrerByCode(em: EntityManager, code: string): Promise<ReferrerByCode | undefined> {
    return db(em)
      .selectFrom('referral_codes as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select(['m.id', 'm.email', 'm.first_name', 'm.last_name', sql<string | null>`m.date_of_birth::text`.as('date_of_birth')])
      .where('c.code', '=', code)
      .where('m.deleted_at', 'is', null)
      .where('m.disabled_at', 'is', null)
      .forUpdate('c')
      .executeTakeFirst();
  }

  /** The referrer's referrals that count toward the cap (pending or earned) made in a venue month (YYYY-MM). */
  async countedInMonth(em: EntityManager, referrerId: string, month: string, timeZone: string): Promise<number> {
    const row = await db(em)
      .selectFrom('referrals')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('referrer_id', '=', referrerId)
      .where('state', '!=', 'refused')
      .where(sql<string>`to_char(created_at at time zone ${timeZone}, 'YYYY-MM')`, '=', month)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async insertReferral(
    em: EntityManager,
    referral: { referrerId: string; referredId: string; state: ReferralState; refusal: ReferralRefusal | null },
  ): Promise<void> {
    await db(em)
      .insertInto('referrals')
      .values({
        referrer_id: referral.referrerId,
        referred_id: referral.referredId,
        state: referral.state,
        refusal: referral.refusal,
      })
      .onConflict((conflict) => conflict.column('referred_id').doNothing())
      .execute();
  }

  /** The member's referral still waiting for their first visit, locked; undefined when there is none. */
  async lockPendingOf(em: EntityManager, referredId: string): Promise<PendingReferral | undefined> {
    return db(em)
      .selectFrom('referrals')
      .select(['id', 'referrer_id', 'referred_id'])
      .where('referred_id', '=', referredId)
      .where('state', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
  }

  async markEarned(em: EntityManager, referralId: string, points: number): Promise<void> {
    await db(em)
      .updateTable('referrals')
      .set({ state: 'earned', points, earned_at: sql<string>`now()` })
      .where('id', '=', referralId)
      .execute();
  }

  async party(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'deleted_at'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  }

  /** The member's date of birth (YYYY-MM-DD) and whether their birthday coupon of `year` was given. */
  async birthdayOf(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(sql<string | null>`date_of_birth::text`.as('date_of_birth'))
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  async birthdayGranted(em: EntityManager, memberId: string, year: number): Promise<boolean> {
    const row = await db(em)
      .selectFrom('birthday_grants')
      .select('id')
      .where('member_id', '=', memberId)
      .where('year', '=', year)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Who joined through the member, newest first. */
  async referralsOf(em: EntityManager, referrerId: string) {
    return db(em)
      .selectFrom('referrals as r')
      .innerJoin('members as m', 'm.id', 'r.referred_id')
      .select(['r.id', 'r.state', 'r.refusal', 'r.points', 'r.created_at', 'm.first_name', 'm.last_name', 'm.deleted_at'])
      .where('r.referrer_id', '=', referrerId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(500)
      .execute();
  }
}
