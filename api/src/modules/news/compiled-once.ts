import type { Database } from '@nocturne/db';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A hot read built and compiled to SQL once per process instead of on every call: Kysely's builder
 * and compiler cost some 20-60 µs of CPU a query here, which for the feed is about 5% of what a
 * whole `GET /api/news` costs the api. The query is built once with placeholder values, and each
 * call puts its own values in the placeholders' places. Those places are read from the compiled
 * query (every placeholder must be a value no other parameter has), never assumed from the SQL;
 * other parameters stay as built. Runs on whatever Kysely it is given, a transaction's included.
 */
export class CompiledOnce<Args extends Record<string, string | number>, Row> {
  private compiled?: { query: CompiledQuery<Row>; slots: ((keyof Args & string) | undefined)[] };

  constructor(
    private readonly placeholders: Args,
    private readonly build: (kysely: Kysely<Database>, args: Args) => Compilable<Row>,
  ) {}

  async execute(kysely: Kysely<Database>, args: Args): Promise<Row[]> {
    const { query, slots } = (this.compiled ??= this.compile(kysely));
    const parameters = query.parameters.map((built, i) => {
      const slot = slots[i];
      return slot === undefined ? built : args[slot];
    });
    return (await kysely.executeQuery<Row>({ ...query, parameters })).rows;
  }

  private compile(kysely: Kysely<Database>): { query: CompiledQuery<Row>; slots: ((keyof Args & string) | undefined)[] } {
    const query = this.build(kysely, this.placeholders).compile();
    const names = Object.keys(this.placeholders) as (keyof Args & string)[];
    const slots = query.parameters.map((value) => names.find((name) => this.placeholders[name] === value));
    const missing = names.filter((name) => !slots.includes(name));
    if (missing.length) throw new Error(`CompiledOnce: placeholders ${missing.join(', ')} are not parameters of the query`);
    return { query, slots };
  }
}
