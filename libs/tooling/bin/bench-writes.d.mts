// Types for the api's tests, which check that the bench's baseline runs the api's statements
// (api/test/bench-baseline.spec.ts).
import type pg from 'pg';

export interface BaselineAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The writes the baseline serves: `(method, pathname)` to a handler of `(member, body)`, or undefined. */
export function writeRoute(
  pool: pg.Pool,
  method: string,
  pathname: string,
): ((member: { id: string }, body?: unknown) => Promise<BaselineAnswer>) | undefined;
