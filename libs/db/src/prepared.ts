import type { EntityManager } from '@mikro-orm/postgresql';
import { type Compilable, type CompiledQuery, type Kysely, NoResultError, type QueryNode } from 'kysely';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Database, db } from './kysely.js';

/** Stands in for the argument at `index` while the query is built; replaced by the real one at each run. */
class Argument {
  constructor(readonly index: number) {}
}

/**
 * A typed query whose shape never changes, built and compiled by Kysely once per process and then
 * run with each call's arguments. Building Kysely's tree costs tens of microseconds of CPU per
 * statement; the hottest paths (the coupon list every member polls, the news feed, the session
 * lookup of every request, the statements a claim runs while it holds row locks) should not pay
 * that on every call.
 *
 * `build` receives stand-ins for its arguments and may only pass them on as values: no branching
 * on them (give each shape its own PreparedQuery), no `in` lists (pass an array as one parameter,
 * `= any(${ids})`), no `is null` on an argument. Each stand-in is an object Kysely has never seen,
 * so it becomes exactly one parameter wherever it goes and cannot be mistaken for a constant of
 * the query that happens to have the same value. The SQL text and the parameter order are
 * Kysely's, exactly as if the query were built per call.
 *
 * PostgreSQL prepares it once per connection too (`PreparingClient`): the database parses it on its
 * first run on a connection and, once its plan is known not to depend on the arguments, plans it no
 * more. Planning is most of what PostgreSQL spends on a short statement (a comment's thirteen
 * statements: 3.4 ms of the database's CPU each, 1.8 ms prepared).
 */
export class PreparedQuery<Args extends unknown[], Row> {
  private compiled?: { query: CompiledQuery<Row>; slots: (number | null)[] };

  constructor(private readonly build: (kysely: Kysely<Database>, ...args: Args) => Compilable<Row>) {}

  async rows(em: EntityManager, ...args: Args): Promise<Row[]> {
    const kysely = db(em);
    return (await kysely.executeQuery(this.statement(kysely, ...args))).rows;
  }

  async first(em: EntityManager, ...args: Args): Promise<Row | undefined> {
    return (await this.rows(em, ...args))[0];
  }

  /** The statement's first row; Kysely's NoResultError when it answers none, as `executeTakeFirstOrThrow` does. */
  async only(em: EntityManager, ...args: Args): Promise<Row> {
    const kysely = db(em);
    const statement = this.statement(kysely, ...args);
    const row = (await kysely.executeQuery(statement)).rows[0];
    if (row === undefined) throw new NoResultError(statement.query as QueryNode);
    return row;
  }

  /** The compiled statement with these arguments as its parameters (compiling it on first use). */
  statement(kysely: Kysely<Database>, ...args: Args): CompiledQuery<Row> {
    const { query, slots } = (this.compiled ??= this.compile(kysely, args.length));
    const parameters = query.parameters.map((value, i) => (slots[i] === null ? value : args[slots[i]!]));
    return { ...query, parameters };
  }

  private compile(kysely: Kysely<Database>, arity: number) {
    const standIns = Array.from({ length: arity }, (_, index) => new Argument(index));
    const query = this.build(kysely, ...(standIns as unknown as Args)).compile();
    preparedNames.set(query.sql, `nocturne_${createHash('sha256').update(query.sql).digest('hex').slice(0, 32)}`);
    const slots = query.parameters.map((value) => (value instanceof Argument ? value.index : null));
    // An argument that is no parameter went into the SQL text (sql.lit, sql.raw): every call would run the first one's.
    const unused = standIns.filter((standIn) => !slots.includes(standIn.index));
    if (unused.length)
      throw new Error(`PreparedQuery: argument(s) ${unused.map((a) => a.index).join(', ')} are not parameters of the query`);
    return { query, slots };
  }
}

/** The SQL text of every PreparedQuery compiled in this process, with the name its connections prepare it under. */
const preparedNames = new Map<string, string>();

const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * pg's Client, sending a PreparedQuery's statement as a named prepared statement: parsed by
 * PostgreSQL on its first run on this connection, and from then on only bound and run, with
 * PostgreSQL's plan cache deciding after five runs whether one generic plan serves every argument
 * (`plan_cache_mode`; the plan is re-made when a table it reads changes). Everything else (statements
 * built per call, migrations) goes through as pg sends it. The names are a hash of the text, so two
 * processes or two connections agree on them and no name can stand for two texts. Behind PgBouncer
 * in transaction mode this needs its `max_prepared_statements` (1.21 and later).
 *
 * The connection is in pg's pipeline mode: a statement given while another is in flight is written
 * at once instead of after the first one's answer (each ends with its own Sync, so PostgreSQL
 * answers each as if it came alone). Code that awaits each statement, as everything here does,
 * sends them one by one as before; `sentBeforeNext` is what writes two back to back. Cursors
 * (pg-cursor, pg-query-stream), which keep a portal open across round trips, are refused in this
 * mode; nothing here uses them.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : { ...config, pipeline: true });
  }
}
PreparingClient.prototype.query = function query(this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  const waiting = onWritten.getStore();
  // A second query would go out behind the statement that follows (after COMMIT): refused, unsent.
  if (waiting?.written) throw new Error('sentBeforeNext: the statement given must run exactly one query');
  const name = typeof config === 'string' ? preparedNames.get(config) : undefined;
  const result =
    name === undefined
      ? plainQuery.call(this, config, values, callback)
      : plainQuery.call(this, { name, text: config, values }, callback);
  if (waiting) {
    // Only a query pg cannot refuse before writing it (text and plain values) counts as written.
    waiting.written = typeof config === 'string' && plainValues(values);
    waiting.resolve();
  }
  return result;
} as typeof pg.Client.prototype.query;

/** Values pg writes as they are (strings, numbers, booleans, null): nothing that can throw while it serialises them. */
function plainValues(values: unknown): boolean {
  if (values === undefined) return true;
  if (!Array.isArray(values)) return false;
  return values.every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value));
}

const onWritten = new AsyncLocalStorage<{ written: boolean; resolve: () => void }>();

/**
 * Starts `statement` (one query on a transaction's connection) and answers once it is written to
 * the connection, without waiting for PostgreSQL's answer, so that the caller's next statement
 * (COMMIT, in UnitOfWork) goes out right behind it and PostgreSQL runs both without waiting for this
 * process in between. `result` settles with the statement's own outcome. When it is not certainly
 * written (it failed first, or its values are not plain), this answers once `result` has settled,
 * with `written` false: the caller then treats it as a statement awaited.
 */
export async function sentBeforeNext<T>(statement: () => Promise<T>): Promise<{ result: Promise<T>; written: boolean }> {
  const given = Promise.withResolvers<void>();
  const waiting = { written: false, resolve: given.resolve };
  const result = onWritten.run(waiting, statement);
  await Promise.race([given.promise, result.then(noop, noop)]);
  // Given but not certainly written: the next statement waits for this one's answer.
  if (!waiting.written) await result.then(noop, noop);
  return { result, written: waiting.written };
}

const noop = () => undefined;
