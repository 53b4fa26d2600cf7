import { decodeKeysetCursor, encodeKeysetCursor, type KeysetPosition } from '../../common/keyset-cursor.js';
import { ValidationFailedException } from '../../common/http/zod-validation.pipe.js';

/** The position a page starts after: none for the first page (an empty `?cursor=` is one too). */
export function inboxPageStart(cursor: string | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  const after = decodeKeysetCursor(cursor);
  if (!after) throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
  return after;
}

/**
 * One page of rows read with one more than `limit` (that extra row only says a next page exists),
 * and the cursor to it: the last row's (created_at, id) to the microsecond.
 */
export function inboxPage<Row extends { id: string; cursor_at: string }>(rows: Row[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}
