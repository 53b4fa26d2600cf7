import type { EntityManager } from '@mikro-orm/postgresql';
import { type Compilable, type CompiledQuery, type Kysely, NoResultError, type QueryNode } from 'kysely';
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
    const slots = query.parameters.map((value) => (value instanceof Argument ? value.index : null));
    // An argument that is no parameter went into the SQL text (sql.lit, sql.raw): every call would run the first one's.
    const unused = standIns.filter((standIn) => !slots.includes(standIn.index));
    if (unused.length)
      throw new Error(`PreparedQuery: argument(s) ${unused.map((a) => a.index).join(', ')} are not parameters of the query`);
    return { query, slots };
  }
}
