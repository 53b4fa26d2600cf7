import type { EntityManager } from '@mikro-orm/postgresql';
import { type Database, db } from '@nocturne/db';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands in for the argument at `index` while the query is built; replaced by the real one at each run. */
class Argument {
  constructor(readonly index: number) {}
}

/**
 * A typed query whose shape never changes, built and compiled by Kysely once per process and then
 * run with each call's arguments. Building Kysely's tree costs tens of microseconds of CPU per
 * statement; the hottest paths (the coupon list every member polls, the statements a claim or a
 * redemption runs while it holds row locks) should not pay that on every call.
 *
 * `build` receives stand-ins for its arguments and may only pass them on as values (no branching
 * on them: give each shape its own PreparedQuery). The SQL text and the parameter order are
 * Kysely's, exactly as if the query were built per call.
 */
export class PreparedQuery<Args extends unknown[], Row> {
  private compiled?: { query: CompiledQuery<Row>; slots: (number | null)[] };

  constructor(private readonly build: (kysely: Kysely<Database>, ...args: Args) => Compilable<Row>) {}

  async rows(em: EntityManager, ...args: Args): Promise<Row[]> {
    const kysely = db(em);
    const { query, slots } = (this.compiled ??= this.compile(kysely, args.length));
    const parameters = query.parameters.map((value, i) => (slots[i] === null ? value : args[slots[i]!]));
    return (await kysely.executeQuery<Row>({ ...query, parameters })).rows;
  }

  async first(em: EntityManager, ...args: Args): Promise<Row | undefined> {
    return (await this.rows(em, ...args))[0];
  }

  private compile(kysely: Kysely<Database>, arity: number) {
    const standIns = Array.from({ length: arity }, (_, index) => new Argument(index));
    // The stand-ins are opaque values to Kysely: it turns each into one parameter, wherever it goes.
    const query = this.build(kysely, ...(standIns as unknown as Args)).compile();
    const slots = query.parameters.map((value) => (value instanceof Argument ? value.index : null));
    return { query, slots };
  }
}
