import type { EntityManager } from '@mikro-orm/postgresql';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { ColumnType, Kysely } from 'kysely';
import type { entities } from './entities/index.js';

/** Timestamps arrive as PostgreSQL's text (MikroORM's pg type parsers keep them as strings). */
type AsRead<T> = T extends Date ? string : T;
/** A column as the driver really answers it; Dates may still be written. */
type DriverColumn<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<AsRead<S>, I | AsRead<I>, U | AsRead<U>>
    : [Extract<T, Date>] extends [never]
      ? T
      : ColumnType<AsRead<T>, T | AsRead<T>, T | AsRead<T>>;
type DriverTables<DB> = { [Table in keyof DB]: { [Column in keyof DB[Table]]: DriverColumn<DB[Table][Column]> } };

/**
 * The database as Kysely sees it, typed from the entity definitions: table names as in
 * `tableName`, columns in snake_case, timestamps read as text (`isoTimestamp` turns them into
 * ISO strings). Renaming a property breaks the queries that use it at compile time.
 */
export type Database = DriverTables<InferKyselyDB<(typeof entities)[number]>>;

/**
 * A Kysely instance typed from the entities and bound to `em`: inside a UnitOfWork (or any
 * `em.transactional`) its queries join that transaction, row locks and all.
 */
export function db(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>(replicaReads.getStore() ? { type: 'read' } : undefined);
}

/**
 * Set (by the api's conditional GETs declared `replica`) around a handler whose reads may go to the
 * read replica: `db(em)` then takes the `read` connection. Outside it, and inside any transaction
 * (MikroORM pins that connection), every statement goes to the primary.
 */
export const replicaReads = new AsyncLocalStorage<true>();
