import { sql } from 'kysely';

/** Counts as the text PostgreSQL gives a bigint (sums of counters may pass 2^31). */
export const count = sql<string>`count(*)`;
