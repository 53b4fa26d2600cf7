import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { BOOKING_HOLDS_PLACE } from '@nocturne/domain';
import { sql } from 'kysely';

/** A venue's places per night and service (booking_capacities), and the bookings holding them. Runs in the caller's `em`. */
@Injectable()
export class BookingCapacitiesRepository {
  /**
   * Holds the night and service until the transaction ends, so two requests for its last place
   * cannot both count it free (a transaction-scoped advisory lock; nothing else takes it).
   */
  async lockNightService(em: EntityManager, venueId: number, night: string, service: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`booking-night:${venueId}:${night}:${service}`}))`.execute(db(em));
  }

  /** The capacity a venue set for the night and service (null: none), and the bookings holding a place in it. */
  async placesOf(
    em: EntityManager,
    venueId: number,
    night: string,
    service: string,
  ): Promise<{ capacity: number | null; booked: number }> {
    const row = await db(em)
      .selectNoFrom((eb) => [
        eb
          .selectFrom('booking_capacities')
          .select('capacity')
          .where('venue_id', '=', venueId)
          .where('night', '=', night)
          .where('service', '=', service)
          .as('capacity'),
        eb
          .selectFrom('bookings')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('venue_id', '=', venueId)
          .where('date', '=', night)
          .where('service', '=', service)
          .where('status', 'in', BOOKING_HOLDS_PLACE)
          .as('booked'),
      ])
      .executeTakeFirstOrThrow();
    return { capacity: row.capacity ?? null, booked: row.booked ?? 0 };
  }

  /** Every service's capacity and bookings holding a place on one night (services with neither are left out). */
  async placesOfNight(em: EntityManager, venueId: number, night: string) {
    const capacities = await db(em)
      .selectFrom('booking_capacities')
      .select(['service', 'capacity'])
      .where('venue_id', '=', venueId)
      .where('night', '=', night)
      .execute();
    const booked = await db(em)
      .selectFrom('bookings')
      .select(['service', sql<number>`count(*)::int`.as('n')])
      .where('venue_id', '=', venueId)
      .where('date', '=', night)
      .where('status', 'in', BOOKING_HOLDS_PLACE)
      .groupBy('service')
      .execute();
    return { capacities, booked };
  }

  async setCapacity(
    em: EntityManager,
    entry: { venueId: number; night: string; service: string; capacity: number | null; adminId: string },
  ) {
    const capacity = entry.capacity;
    if (capacity === null) {
      await db(em)
        .deleteFrom('booking_capacities')
        .where('venue_id', '=', entry.venueId)
        .where('night', '=', entry.night)
        .where('service', '=', entry.service)
        .execute();
      return;
    }
    await db(em)
      .insertInto('booking_capacities')
      .values({ venue_id: entry.venueId, night: entry.night, service: entry.service, capacity, updated_by_id: entry.adminId })
      .onConflict((conflict) =>
        conflict.columns(['venue_id', 'night', 'service']).doUpdateSet({
          capacity,
          updated_by_id: entry.adminId,
          updated_at: sql<string>`now()`,
        }),
      )
      .execute();
  }

  /** The nights from `from` to `to` whose bookings at a venue for a service have reached its capacity. */
  fullNights(em: EntityManager, venueId: number, from: string, to: string) {
    return db(em)
      .selectFrom('booking_capacities as c')
      .select([sql<string>`c.night::text`.as('night'), 'c.service'])
      .where('c.venue_id', '=', venueId)
      .where('c.night', '>=', from)
      .where('c.night', '<=', to)
      .where(({ eb, selectFrom }) =>
        eb(
          'c.capacity',
          '<=',
          selectFrom('bookings as b')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('b.venue_id', '=', 'c.venue_id')
            .whereRef('b.date', '=', 'c.night')
            .whereRef('b.service', '=', 'c.service')
            .where('b.status', 'in', BOOKING_HOLDS_PLACE),
        ),
      )
      .orderBy('c.night')
      .orderBy('c.service')
      .execute();
  }
}
