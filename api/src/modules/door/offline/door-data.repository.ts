import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import type { DoorSyncKind, DoorSyncOutcome } from '@nocturne/domain';
import { sql } from 'kysely';
import { isoTimestamp } from '#common/timestamps.js';

/** A claimed coupon as tonight's door data needs it. */
export interface HeldRow {
  id: string;
  member_id: string;
  coupon_id: string;
  short_code: string | null;
  redeemed_at: string | null;
  redeemed_by: 'member' | 'staff' | null;
  validated_by_name: string | null;
}

/** A member as tonight's door data needs them, with their card when they have one. */
export interface MemberRow {
  id: string;
  first_name: string;
  member_tier: string;
  disabled_at: string | null;
  deleted_at: string | null;
  card_id: string | null;
  card_code: string | null;
  visited: boolean;
}

export interface CouponRow {
  id: string;
  title: string;
  type: string;
  value: number | null;
  valid_until: string | null;
  is_active: boolean;
  archived_at: string | null;
  /** The venues it is for (coupon_venues); none: every venue. */
  venue_ids: number[];
}

/** One stored item of a door's offline batch. */
export interface SyncItemRow {
  id: string;
  staff_id: string | null;
  outcome: DoorSyncOutcome;
  message: string;
  user_coupon_id: string | null;
}

/**
 * Every query of offline door mode: tonight's data (members, their cards and the coupons they hold
 * usable tonight or redeemed tonight), what changed since a cursor, and the items doors sent.
 */
@Injectable()
export class DoorDataRepository {
  /** The database's clock: the cursor an answer carries is on it, whatever the api host's clock says. */
  async clock(em: EntityManager): Promise<Date> {
    const row = await db(em)
      .selectNoFrom(sql<string>`now()`.as('now'))
      .executeTakeFirstOrThrow();
    return new Date(isoTimestamp(row.now));
  }

  /**
   * The claimed coupons of these members the door may meet tonight: held ones whose coupon had not
   * expired when the night began, and those redeemed since it began (so a second scan says
   * "Already used at 23:41").
   */
  async held(em: EntityManager, nightStart: Date, members: readonly string[]): Promise<HeldRow[]> {
    if (members.length === 0) return [];
    return (await db(em)
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .leftJoin('members as v', 'v.id', 'uc.validated_by_id')
      .select([
        'uc.id',
        'uc.member_id',
        'uc.coupon_id',
        'uc.short_code',
        'uc.redeemed_at',
        'uc.redeemed_by',
        'v.first_name as validated_by_name',
      ])
      .where('uc.member_id', '=', sql<string>`any(${sql.val(members)}::uuid[])`)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('uc.redeemed_at', 'is', null),
            eb.or([eb('c.valid_until', 'is', null), eb('c.valid_until', '>', nightStart.toISOString())]),
          ]),
          eb('uc.redeemed_at', '>=', nightStart.toISOString()),
        ]),
      )
      .execute()) as HeldRow[];
  }

  /** These members (LikelyMembersRepository chose them, or they changed), with their card and whether they visited this venue tonight. */
  async members(em: EntityManager, night: string, venueId: number, ids: readonly string[]): Promise<MemberRow[]> {
    if (ids.length === 0) return [];
    const rows = await db(em)
      .selectFrom('members as m')
      .leftJoin('member_cards as mc', 'mc.member_id', 'm.id')
      .leftJoin('visits as vi', (join) =>
        join.onRef('vi.member_id', '=', 'm.id').on('vi.night', '=', night).on('vi.venue_id', '=', venueId),
      )
      .select([
        'm.id',
        'm.first_name',
        'm.member_tier',
        'm.disabled_at',
        'm.deleted_at',
        'mc.id as card_id',
        'mc.short_code as card_code',
        sql<boolean>`vi.id is not null`.as('visited'),
      ])
      .where('m.id', '=', sql<string>`any(${sql.val(ids)}::uuid[])`)
      .execute();
    return rows as MemberRow[];
  }

  /** Coupons members may hold tonight: not expired before the night began (withdrawn and paused ones too), with their venues. */
  coupons(em: EntityManager, nightStart: Date): Promise<CouponRow[]> {
    return db(em)
      .selectFrom('coupons')
      .select([
        'id',
        'title',
        'type',
        'value',
        'valid_until',
        'is_active',
        'archived_at',
        sql<number[]>`array(select cv.venue_id from coupon_venues cv where cv.coupon_id = coupons.id order by cv.venue_id)`.as(
          'venue_ids',
        ),
      ])
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', nightStart.toISOString())]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * The members whose door data may have changed since `since`: their account, their card, a
   * claim, a redemption or its undo (every one is a scan-log line or a stamp), or a visit. Null
   * when more than `max` may have (a bulk change: the door takes the whole night again). Each part
   * reads at most `max + 1` rows from an index: the accounts' from door_changed_at (a change the
   * door sees, not a points change: Migration20261130100000_MembersDoorChangedAt), the rest alone
   * (Migration20261130080000_CoveringIndexes).
   */
  async changedSince(em: EntityManager, since: Date, max: number): Promise<string[] | null> {
    const at = since.toISOString();
    const { rows } = await sql<{ member_id: string }>`
      select member_id from (
        (select id as member_id from members where door_changed_at > ${at}::timestamptz limit ${max + 1})
        union all
        (select member_id from member_cards where issued_at > ${at}::timestamptz limit ${max + 1})
        union all
        (select member_id from user_coupons where claimed_at > ${at}::timestamptz limit ${max + 1})
        union all
        (select member_id from user_coupons where redeemed_at > ${at}::timestamptz limit ${max + 1})
        union all
        (select member_id from qr_scans where at > ${at}::timestamptz and member_id is not null limit ${max + 1})
        union all
        (select member_id from visits where created_at > ${at}::timestamptz limit ${max + 1})
      ) changed
      group by member_id`.execute(db(em));
    return rows.length > max ? null : rows.map((row) => row.member_id);
  }

  /** How old the manager lets tonight's data get, in minutes; null: the default. */
  async staleAfterMinutes(em: EntityManager): Promise<number | null> {
    const row = await db(em).selectFrom('club_settings').select('door_data_stale_minutes').where('id', '=', 1).executeTakeFirst();
    return row?.door_data_stale_minutes ?? null;
  }

  // ---- offline batches

  /** A named door's name (archived ones too). */
  async doorName(em: EntityManager, doorId: string): Promise<string | null> {
    const row = await db(em).selectFrom('door_devices').select('name').where('id', '=', doorId).executeTakeFirst();
    return row?.name ?? null;
  }

  /** The named door a coupon's standing redemption was made at: its last accepted redeem line's door, if it named one. */
  async redeemedAtDoor(em: EntityManager, userCouponId: string): Promise<string | null> {
    const row = await db(em)
      .selectFrom('qr_scans as q')
      .leftJoin('door_devices as d', 'd.id', 'q.door_device_id')
      .select('d.name')
      .where('q.user_coupon_id', '=', userCouponId)
      .where('q.action', '=', 'redeem')
      .where('q.result', '=', 'accepted')
      .orderBy('q.at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /** A staffer's first name, as the scan log and "Used twice" name them. */
  async firstNameOf(em: EntityManager, memberId: string): Promise<string | null> {
    const row = await db(em).selectFrom('members').select('first_name').where('id', '=', memberId).executeTakeFirst();
    return row?.first_name ?? null;
  }

  /**
   * Claims an item's id for this staffer before its work is done (a retry of the same id waits for
   * this transaction and then finds the row); false when the id was already taken.
   */
  async claimItem(
    tx: EntityManager,
    item: { id: string; staffId: string; kind: DoorSyncKind; deviceAt: Date; venueId: number },
  ): Promise<boolean> {
    const row = await db(tx)
      .insertInto('door_sync_items')
      .values({
        id: item.id,
        venue_id: item.venueId,
        staff_id: item.staffId,
        kind: item.kind,
        device_at: item.deviceAt.toISOString(),
        outcome: 'refused',
        message: '',
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async settleItem(
    tx: EntityManager,
    id: string,
    outcome: {
      outcome: DoorSyncOutcome;
      message: string;
      userCouponId: string | null;
      memberId: string | null;
      otherAt: Date | null;
      otherStaffId: string | null;
    },
  ): Promise<void> {
    await db(tx)
      .updateTable('door_sync_items')
      .set({
        outcome: outcome.outcome,
        message: outcome.message.slice(0, 300),
        user_coupon_id: outcome.userCouponId,
        member_id: outcome.memberId,
        other_at: outcome.otherAt?.toISOString() ?? null,
        other_staff_id: outcome.otherStaffId,
      })
      .where('id', '=', id)
      .execute();
  }

  findItems(em: EntityManager, ids: readonly string[]): Promise<SyncItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db(em)
      .selectFrom('door_sync_items')
      .select(['id', 'staff_id', 'outcome', 'message', 'user_coupon_id'])
      .where('id', '=', sql<string>`any(${sql.val(ids)}::uuid[])`)
      .execute();
  }

  /** The conflicts of each venue's night (its own bounds), newest first, with whose coupon or card it was. */
  conflicts(em: EntityManager, nights: readonly { venueId: number; start: Date; end: Date }[]) {
    if (nights.length === 0) return Promise.resolve([]);
    return db(em)
      .selectFrom('door_sync_items as i')
      .leftJoin('members as m', 'm.id', 'i.member_id')
      .select(['i.id', 'i.venue_id', 'i.device_at', 'i.message', 'i.user_coupon_id', 'm.first_name'])
      .where('i.outcome', '=', 'conflict')
      .where((eb) =>
        eb.or(
          nights.map(({ venueId, start, end }) =>
            eb.and([
              eb('i.venue_id', '=', venueId),
              eb('i.device_at', '>=', start.toISOString()),
              eb('i.device_at', '<', end.toISOString()),
            ]),
          ),
        ),
      )
      .orderBy('i.device_at', 'desc')
      .limit(200)
      .execute();
  }
}
