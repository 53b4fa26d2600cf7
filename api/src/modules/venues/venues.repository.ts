import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db, type Database } from '@nocturne/db';
import type { OpeningHours } from '@nocturne/domain';
import type { Selectable } from 'kysely';

export type VenueRow = Selectable<Database['venues']>;

/** The columns an admin sets on a venue (snake_case, as the table has them). */
export interface VenueColumns {
  slug: string;
  name: string;
  kind: 'NightClub' | 'BarOrPub';
  street: string;
  locality: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
  inbox_email: string | null;
  time_zone: string | null;
  opening_hours: OpeningHours | null;
  latitude: number | null;
  longitude: number | null;
  position: number;
}

/** The venues table: every write of the group's venues goes through here. */
@Injectable()
export class VenuesRepository {
  async all(em: EntityManager): Promise<VenueRow[]> {
    return db(em).selectFrom('venues').selectAll().orderBy('position').orderBy('id').execute();
  }

  async find(em: EntityManager, id: number, options: { lock?: boolean } = {}): Promise<VenueRow | undefined> {
    let query = db(em).selectFrom('venues').selectAll().where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async slugTaken(em: EntityManager, slug: string, exceptId?: number): Promise<boolean> {
    let query = db(em).selectFrom('venues').select('id').where('slug', '=', slug);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async nextPosition(em: EntityManager): Promise<number> {
    const row = await db(em)
      .selectFrom('venues')
      .select((eb) => eb.fn.max('position').as('last'))
      .executeTakeFirst();
    return Number(row?.last ?? 0) + 1;
  }

  async openCount(em: EntityManager): Promise<number> {
    const row = await db(em)
      .selectFrom('venues')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(em: EntityManager, columns: VenueColumns): Promise<VenueRow> {
    return db(em).insertInto('venues').values(columns).returningAll().executeTakeFirstOrThrow();
  }

  async update(em: EntityManager, id: number, columns: Partial<VenueColumns>): Promise<VenueRow> {
    return db(em)
      .updateTable('venues')
      .set({ ...columns, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setArchived(em: EntityManager, id: number, archived: boolean): Promise<VenueRow> {
    return db(em)
      .updateTable('venues')
      .set({ archived_at: archived ? new Date() : null, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
