/**
 * The news feed is ordered by (created_at, id), newest first. A cursor carries the last post's
 * position with PostgreSQL's microsecond precision (a JS Date would round it to milliseconds and
 * repeat or skip posts), encoded base64url so clients treat it as opaque.
 */
export interface FeedPosition {
  /** ISO-8601 instant with microseconds, UTC: 2026-11-21T22:28:08.123456Z */
  createdAt: string;
  id: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this api wrote. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  if (!/^[\w-]+$/.test(cursor)) return null;
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !createdAt || !id || !INSTANT.test(createdAt) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}
