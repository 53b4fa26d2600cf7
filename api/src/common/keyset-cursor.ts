/**
 * Lists paged by (created_at, id) (the news feed, a post's comments, comment moderation, the admin
 * inboxes). A cursor carries the last row's position with PostgreSQL's microsecond precision (a JS
 * Date would round it to milliseconds and repeat or skip rows written in the same millisecond),
 * encoded base64url so clients treat it as opaque.
 */
export interface KeysetPosition {
  /** ISO-8601 instant with microseconds, UTC: 2026-11-21T22:28:08.123456Z */
  createdAt: string;
  id: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this api wrote. */
export function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  if (!/^[\w-]+$/.test(cursor)) return null;
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !createdAt || !id || !INSTANT.test(createdAt) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}
