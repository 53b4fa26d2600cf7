import { sql, type SqlBool } from 'kysely';
import { ValidationFailedException } from './http/zod-validation.pipe.js';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetPosition } from './keyset-cursor.js';

/** The position a page starts after: none for the first page (an empty `?cursor=` is one too). */
export function keysetPageStart(cursor: string | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  const after = decodeKeysetCursor(cursor);
  if (!after) throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
  return after;
}

/**
 * One page of rows read with one more than `limit` (that extra row only says a next page exists),
 * and the cursor to it: the last row's (created_at, id) to the microsecond.
 */
export function keysetPage<Row extends { id: string; cursor_at: string }>(rows: Row[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}

/** A row's created_at to the microsecond, UTC, for its cursor (a JS Date would keep milliseconds only). */
export const cursorAtSql = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows strictly after `after` in newest-first (created_at, id) order: a row-value comparison, so
 * rows sharing the last one's instant are split by id rather than skipped, and a (created_at, id)
 * index starts the page at the cursor. `table` is the alias ('' for none).
 */
export function olderThanSql(table: string, after: KeysetPosition, instant = 'created_at') {
  return positionSql(table, instant, '<', after);
}

/**
 * Rows strictly after `after` in oldest-first (created_at, id) order (as olderThanSql, the other
 * way). `instant` names another time column for a list keyed by it (a claim's claimed_at).
 */
export function newerThanSql(table: string, after: KeysetPosition, instant = 'created_at') {
  return positionSql(table, instant, '>', after);
}

function positionSql(table: string, instant: string, direction: '<' | '>', after: KeysetPosition) {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<SqlBool>`(${column(instant)}, ${column('id')}) ${sql.raw(direction)} (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
}
