import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import type { EventStatus } from '@nocturne/domain';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '#common/keyset-page.js';

/** An event's columns, read joined as `e`. */
export const EVENT_COLUMNS = [
  'e.id',
  'e.venue_id',
  'e.slug',
  'e.title',
  'e.description',
  'e.line_up',
  'e.night',
  'e.doors_open',
  'e.last_entry',
  'e.repeats_weekly',
  'e.repeat_until',
  'e.age_policy',
  'e.price_cents',
  'e.currency',
  'e.dress_code',
  'e.capacity',
  'e.poster_path',
  'e.status',
  'e.list_capacity',
  'e.list_free_until',
  'e.list_cutoff',
  'e.announcement_post_id',
] as const;

export type EventRow = Awaited<ReturnType<EventsRepository['eventById']>> & {};

/** The event's columns as the table takes them. */
export interface EventFields {
  venueId: number;
  title: string;
  description: string;
  lineUp: string[];
  night: string;
  doorsOpen: string;
  lastEntry: string;
  repeatsWeekly: boolean;
  repeatUntil: string | null;
  agePolicy: string;
  priceCents: number;
  currency: string;
  dressCode: string;
  capacity: number | null;
  posterPath: string | null;
  status: EventStatus;
  listCapacity: number | null;
  listFreeUntil: string | null;
  listCutoff: string | null;
}

const columns = (fields: EventFields) => ({
  venue_id: fields.venueId,
  title: fields.title,
  description: fields.description,
  line_up: fields.lineUp,
  night: fields.night,
  doors_open: fields.doorsOpen,
  last_entry: fields.lastEntry,
  repeats_weekly: fields.repeatsWeekly,
  repeat_until: fields.repeatUntil,
  age_policy: fields.agePolicy,
  price_cents: fields.priceCents,
  currency: fields.currency,
  dress_code: fields.dressCode,
  capacity: fields.capacity,
  poster_path: fields.posterPath,
  status: fields.status,
  list_capacity: fields.listCapacity,
  list_free_until: fields.listFreeUntil,
  list_cutoff: fields.listCutoff,
});

/** The tables of events and guest lists: the events module's own. */
@Injectable()
export class EventsRepository {
  async eventById(em: EntityManager, id: string) {
    return db(em).selectFrom('events as e').select(EVENT_COLUMNS).where('e.id', '=', id).executeTakeFirst();
  }

  /** A published event by its slug or its id. */
  async publishedByKey(em: EntityManager, key: string) {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);
    return db(em)
      .selectFrom('events as e')
      .select(EVENT_COLUMNS)
      .where('e.status', '=', 'published')
      .where((eb) => (isUuid ? eb.or([eb('e.slug', '=', key), eb('e.id', '=', key)]) : eb('e.slug', '=', key)))
      .executeTakeFirst();
  }

  /**
   * A page of events (those at the venues given; none given: every venue's), the latest first night
   * first, keyed by (night, id): `after` is the previous page's last row, and `limit` is one more
   * than the page (keysetPage's "is there a next page"). `cursor_at` is the night's midnight as an
   * instant, and the night is compared as that same instant (both in the session's time zone), so
   * the shared keyset cursor carries it.
   */
  async events(em: EntityManager, page: { venueIds?: readonly number[]; after?: KeysetPosition; limit: number }) {
    const { venueIds, after } = page;
    return db(em)
      .selectFrom('events as e')
      .select([...EVENT_COLUMNS, cursorAtSql('e.night').as('cursor_at')])
      .$if(venueIds !== undefined, (query) => query.where('e.venue_id', 'in', [...venueIds!]))
      .$if(after !== undefined, (query) => query.where(olderThanSql('e', after!, 'night')))
      .orderBy('e.night', 'desc')
      .orderBy('e.id', 'desc')
      .limit(page.limit)
      .execute();
  }

  /** Published events (at one venue, given its id) that may still have a night on or after `fromNight`. */
  async publishedFrom(em: EntityManager, fromNight: string, venueId?: number) {
    return db(em)
      .selectFrom('events as e')
      .select(EVENT_COLUMNS)
      .where('e.status', '=', 'published')
      .$if(venueId !== undefined, (query) => query.where('e.venue_id', '=', venueId!))
      .where((eb) =>
        eb.or([
          eb('e.night', '>=', fromNight),
          eb.and([
            eb('e.repeats_weekly', '=', true),
            eb.or([eb('e.repeat_until', 'is', null), eb('e.repeat_until', '>=', fromNight)]),
          ]),
        ]),
      )
      .execute();
  }

  async slugTaken(em: EntityManager, slug: string): Promise<boolean> {
    return (await db(em).selectFrom('events').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
  }

  async insertEvent(em: EntityManager, fields: EventFields, slug: string, managerId: string): Promise<string> {
    const row = await db(em)
      .insertInto('events')
      .values({ ...columns(fields), slug, created_by_id: managerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateEvent(em: EntityManager, id: string, fields: EventFields): Promise<boolean> {
    const result = await db(em)
      .updateTable('events')
      .set({ ...columns(fields), updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Records the announcement, unless one was recorded first; answers whether this one was. */
  async saveAnnouncement(em: EntityManager, id: string, postId: string): Promise<boolean> {
    const result = await db(em)
      .updateTable('events')
      .set({ announcement_post_id: postId })
      .where('id', '=', id)
      .where('announcement_post_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
