import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type Insertable, sql } from 'kysely';

export type ScanLogEntry = Omit<Insertable<Database['qr_scans']>, 'id' | 'at' | 'door_device_id'>;

/**
 * The door's scan log (`qr_scans`): every check, redemption and undo staff attempt, the lock that
 * queues one account's typed codes, the log's pages and a staffer's tally of the night.
 */
@Injectable()
export class ScanLogRepository {
  /** Queues one staff account's typed-code attempts until the transaction ends. */
  async lockTypedCodeAttempts(em: EntityManager, adminId: string): Promise<void> {
    const key = `qr-code-attempts:${adminId.toLowerCase()}`;
    await db(em)
      .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtextextended', [eb.val(key), eb.lit(0)])]).as('locked'))
      .execute();
  }

  /** Writes a line; `doorId` (what the phone said) is kept only when it names a door that is not archived. */
  async logScan(em: EntityManager, entry: ScanLogEntry, doorId: string | null = null): Promise<void> {
    await db(em)
      .insertInto('qr_scans')
      .values((eb) => ({
        ...entry,
        door_device_id:
          doorId === null
            ? null
            : eb.selectFrom('door_devices').select('id').where('id', '=', doorId).where('archived_at', 'is', null),
      }))
      .execute();
  }

  /**
   * A page of the scan log, newest first, one row more than `limit` when there is a next page;
   * `since` keeps only attempts from that instant on. The member is the line's own (cards, and
   * coupon scans since it was recorded), else the scanned coupon's holder.
   */
  async listScans(
    em: EntityManager,
    options: {
      limit: number;
      cursor: string | undefined;
      undoMinutes: number;
      since?: Date | undefined;
      venueIds?: number[] | undefined;
    },
  ) {
    const { limit, cursor, undoMinutes, since, venueIds } = options;
    return db(em)
      .selectFrom('qr_scans as s')
      .leftJoin('members as a', 'a.id', 's.admin_id')
      .leftJoin('user_coupons as uc', 'uc.id', 's.user_coupon_id')
      .leftJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .leftJoin('members as m', (join) => join.on((eb) => eb('m.id', '=', eb.fn.coalesce('s.member_id', 'uc.member_id'))))
      .leftJoin('door_devices as d', 'd.id', 's.door_device_id')
      .select((eb) => [
        'd.name as door_name',
        eb.cast<string>('s.id', 'text').as('id'),
        's.at',
        's.admin_id',
        's.venue_id',
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
      .$if(venueIds !== undefined, (query) => query.where('s.venue_id', 'in', venueIds!))
      .orderBy('s.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** What one staffer did at a venue's door in [start, end): accepted redemptions and accepted undos. */
  async tallyOf(em: EntityManager, adminId: string, start: Date, end: Date, venueId: number) {
    return db(em)
      .selectFrom('qr_scans')
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll().filterWhere('action', '=', 'redeem'), 'integer').as('redemptions'),
        eb.cast<number>(eb.fn.countAll().filterWhere('action', '=', 'undo'), 'integer').as('undone'),
      ])
      .where('admin_id', '=', adminId)
      .where('venue_id', '=', venueId)
      .where('result', '=', 'accepted')
      .where('at', '>=', start.toISOString())
      .where('at', '<', end.toISOString())
      .executeTakeFirstOrThrow();
  }
}
