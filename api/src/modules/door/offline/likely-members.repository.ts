import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** A visit to this venue within this many nights makes a member a regular of its door. */
const REGULAR_NIGHTS = 60;
/** A coupon claimed or used, or an account opened, within this many days counts as lately. */
const LATELY_DAYS = 14;

/**
 * Whom tonight's offline door data holds (DOOR_DATA_MEMBERS_MAX at most). Up to that many, every
 * member with a card or a coupon held or used tonight, as always; a group with more puts first
 * those the door is likeliest to meet, newest activity first: on tonight's guest list at this
 * venue, seen at this venue in the last REGULAR_NIGHTS nights, a coupon claimed or used or an
 * account opened in the last LATELY_DAYS days. Each part reads at most its newest DOOR_DATA_MEMBERS_MAX
 * rows from one index (visits by venue and night, claims and redemptions by time, members by
 * joining time), so a group of a million members costs what the limit does.
 */
@Injectable()
export class LikelyMembersRepository {
  async ids(
    em: EntityManager,
    { night, venueId, nightStart, max }: { night: string; venueId: number; nightStart: Date; max: number },
  ): Promise<string[]> {
    const lately = new Date(nightStart.getTime() - LATELY_DAYS * 86_400_000).toISOString();
    // Each part is its newest `max` rows, read from its own index alone (covering indexes of
    // Migration20261130080000_CoveringIndexes); the members among them with the newest activity win.
    const likely = await sql<{ member_id: string }>`
      select member_id from (
        (select g.member_id, 'infinity'::timestamptz as at
           from guest_list_entries g join events e on e.id = g.event_id
          where g.night = ${night}::date and e.venue_id = ${venueId} and g.member_id is not null)
        union all
        (select member_id, created_at from visits
          where venue_id = ${venueId} and night >= ${night}::date - ${REGULAR_NIGHTS}::int
          order by night desc limit ${max})
        union all
        (select member_id, claimed_at from user_coupons where claimed_at >= ${lately}::timestamptz order by claimed_at desc limit ${max})
        union all
        (select member_id, redeemed_at from user_coupons where redeemed_at >= ${lately}::timestamptz order by redeemed_at desc limit ${max})
        union all
        (select id, created_at from members where deleted_at is null and created_at >= ${lately}::timestamptz
          order by created_at desc, id desc limit ${max})
      ) recent
      group by member_id
      order by max(at) desc, member_id
      limit ${max}`.execute(db(em));
    const ids = likely.rows.map((row) => row.member_id);
    if (ids.length >= max) return ids;
    // Room left: anyone else the door could meet with a card or a coupon, as the data always held.
    const rest = await sql<{ id: string }>`
      select m.id from members m
       where m.id not in (select unnest(${ids}::uuid[]))
         and (exists (select 1 from member_cards mc where mc.member_id = m.id)
              or exists (select 1 from user_coupons uc where uc.member_id = m.id
                          and (uc.redeemed_at is null or uc.redeemed_at >= ${nightStart.toISOString()}::timestamptz)))
       limit ${max - ids.length}`.execute(db(em));
    return [...ids, ...rest.rows.map((row) => row.id)];
  }
}
