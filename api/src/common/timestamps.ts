/** A timestamptz as PostgreSQL prints it in a UTC session: `2026-11-22 02:33:12.123456+00`. */
const PG_UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO 8601 form the API answers with (`2026-11-22T02:33:12.123Z`) of a timestamp read from
 * PostgreSQL. The driver hands timestamptz over as text; in a UTC session that text is rewritten
 * directly (several times cheaper than `new Date(text)`, which has to use V8's legacy parser for
 * it, and the feeds map many rows per request). Any other form goes through `Date`.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value === 'string') {
    const parts = PG_UTC_TIMESTAMP.exec(value);
    if (parts) {
      const fraction = parts[3] ?? '';
      const millis = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
      return `${parts[1]}T${parts[2]}.${millis}Z`;
    }
  }
  return new Date(value).toISOString();
}

/** `isoTimestamp` for a nullable column. */
export function isoTimestampOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoTimestamp(value);
}
