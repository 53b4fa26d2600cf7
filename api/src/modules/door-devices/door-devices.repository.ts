import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

export interface DoorRow {
  id: string;
  venue_id: number;
  venue_name: string;
  name: string;
  archived_at: string | null;
}

/** Every query of the door-devices module: the doors managers name, the staff names a lock-out list shows, and the door settings. */
@Injectable()
export class DoorDevicesRepository {
  /** Staff accounts' names by id ("Sam Lee", or the e-mail when they have none). */
  async staffNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db(em)
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email]));
  }

  /** Named doors, the venue's own order then by name; `openOnly`: not archived, at venues not archived. */
  async doors(em: EntityManager, openOnly: boolean): Promise<DoorRow[]> {
    return db(em)
      .selectFrom('door_devices as d')
      .innerJoin('venues as v', 'v.id', 'd.venue_id')
      .select(['d.id', 'd.venue_id', 'v.name as venue_name', 'd.name', 'd.archived_at'])
      .$if(openOnly, (query) => query.where('d.archived_at', 'is', null).where('v.archived_at', 'is', null))
      .orderBy('v.position')
      .orderBy('v.id')
      .orderBy('d.name')
      .execute();
  }

  async door(em: EntityManager, id: string, lock = false): Promise<DoorRow | undefined> {
    return db(em)
      .selectFrom('door_devices as d')
      .innerJoin('venues as v', 'v.id', 'd.venue_id')
      .select(['d.id', 'd.venue_id', 'v.name as venue_name', 'd.name', 'd.archived_at'])
      .where('d.id', '=', id)
      .$if(lock, (query) => query.forUpdate('d'))
      .executeTakeFirst();
  }

  /** Whether another door of the venue already has this name (names are unique per venue, in any case). */
  async nameTaken(em: EntityManager, venueId: number, name: string, exceptId: string | null): Promise<boolean> {
    const row = await db(em)
      .selectFrom('door_devices')
      .select('id')
      .where('venue_id', '=', venueId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId!))
      .executeTakeFirst();
    return row !== undefined;
  }

  async create(em: EntityManager, venueId: number, name: string): Promise<string> {
    const row = await db(em)
      .insertInto('door_devices')
      .values({ venue_id: venueId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(em: EntityManager, id: string, change: { name?: string; archived?: boolean }): Promise<void> {
    await db(em)
      .updateTable('door_devices')
      .set((eb) => ({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.archived === undefined ? {} : { archived_at: change.archived ? eb.fn<string>('now', []) : null }),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Door names by id, archived ones too (a lock-out or a scan-log line may name one). */
  async doorNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db(em).selectFrom('door_devices').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** How old tonight's door data may get, in minutes; null: the default. */
  async staleMinutes(em: EntityManager): Promise<number | null> {
    const row = await db(em).selectFrom('club_settings').select('door_data_stale_minutes').where('id', '=', 1).executeTakeFirst();
    return row?.door_data_stale_minutes ?? null;
  }

  async saveStaleMinutes(em: EntityManager, minutes: number, managerId: string): Promise<void> {
    await db(em)
      .insertInto('club_settings')
      .values({ id: 1, door_data_stale_minutes: minutes, updated_by_id: managerId, updated_at: sql<string>`now()` })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet({ door_data_stale_minutes: minutes, updated_by_id: managerId, updated_at: sql<string>`now()` }),
      )
      .execute();
  }
}
