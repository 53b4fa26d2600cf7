import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type Compilable,
  DummyDriver,
  Kysely,
  NoResultError,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import type { Database } from './kysely.js';
import { PreparedQuery } from './prepared.js';

/** A Kysely that compiles for PostgreSQL, runs nothing and remembers what it was asked to run. */
function recordingKysely() {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const kysely = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      sent.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const em = { getKysely: () => kysely } as unknown as EntityManager;
  return { kysely, em, sent };
}

/** Asserts that the prepared statement is, for every argument set, the query built afresh with those arguments. */
function expectSameAsFresh<Args extends unknown[], Row>(
  build: (kysely: Kysely<Database>, ...args: Args) => Compilable<Row>,
  argumentSets: Args[],
) {
  const { kysely } = recordingKysely();
  let builds = 0;
  const prepared = new PreparedQuery<Args, Row>((k, ...args) => {
    builds += 1;
    return build(k, ...args);
  });
  for (const args of argumentSets) {
    const fresh = build(kysely, ...args).compile();
    const statement = prepared.statement(kysely, ...args);
    expect({ sql: statement.sql, parameters: statement.parameters }).toEqual({ sql: fresh.sql, parameters: fresh.parameters });
  }
  expect(builds).toBe(1);
}

describe('PreparedQuery', () => {
  it('equals the fresh query when an argument has the same value as a constant of the query', () => {
    expectSameAsFresh(
      (k, memberId: string, kind: 'comment_reward' | 'welcome_bonus', limit: number) =>
        k
          .selectFrom('point_transactions')
          .select('id')
          .where('kind', '=', 'comment_reward')
          .where('member_id', '=', memberId)
          .where('kind', '=', kind)
          .orderBy('created_at', 'desc')
          .limit(limit),
      [
        ['m-1', 'comment_reward', 5],
        ['comment_reward', 'welcome_bonus', 1],
        ['m-3', 'comment_reward', 500],
      ],
    );
  });

  it('equals the fresh query for arrays passed as one parameter, empty ones included', () => {
    expectSameAsFresh(
      (k, ids: string[], tiers: string[]) =>
        k
          .selectFrom('members')
          .select(['id', 'email'])
          .where(sql<boolean>`id = any(${ids}::uuid[])`)
          .where(sql<boolean>`member_tier::text = any(${tiers})`),
      [
        [['a', 'b', 'c'], ['gold']],
        [[], []],
        [['only'], ['bronze', 'silver', 'gold', 'platinum']],
      ],
    );
  });

  it('equals the fresh query for nulls and values in inserts, updates and comparisons', () => {
    expectSameAsFresh(
      (k, memberId: string, points: number, reversesId: string | null) =>
        k
          .insertInto('point_transactions')
          .values({
            member_id: memberId,
            points,
            base_points: points,
            kind: 'reversal',
            description: 'd',
            source_type: 'point_transaction',
            source_id: 's',
            reverses_id: reversesId,
          })
          .onConflict((conflict) => conflict.columns(['member_id', 'kind', 'source_id']).doNothing())
          .returning('id'),
      [
        ['m-1', -5, null],
        ['m-2', 10, 't-1'],
      ],
    );
    expectSameAsFresh(
      (k, id: string, code: string | null, replacing: string | null, adminId: string | null) =>
        k
          .updateTable('user_coupons')
          .set({ short_code: code, validated_by_id: adminId, validated_at: sql<string>`now()` })
          .where('id', '=', id)
          .where('short_code', 'is not distinct from', replacing)
          .returning('id'),
      [
        ['uc-1', 'ABC123', null, null],
        ['uc-2', null, 'ABC123', 'admin-1'],
        ['uc-3', 'XYZ789', 'ABC123', null],
      ],
    );
  });

  it('equals the fresh query when one argument is used twice and in a subquery', () => {
    expectSameAsFresh(
      (k, memberId: string, limit: number) =>
        k
          .selectFrom('news_posts as p')
          .select('p.id')
          .select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('news_likes as l')
                  .select(eb.lit(1).as('one'))
                  .whereRef('l.post_id', '=', 'p.id')
                  .where('l.member_id', '=', memberId),
              )
              .as('liked'),
          )
          .where('p.author_id', '<>', memberId)
          .limit(limit),
      [
        ['m-1', 10],
        ['m-2', 20],
      ],
    );
  });

  it('runs each call with its own arguments on the EntityManager’s Kysely, building only once', async () => {
    const { em, sent } = recordingKysely();
    const query = new PreparedQuery((k, couponId: string, memberId: string) =>
      k.selectFrom('user_coupons').select('id').where('coupon_id', '=', couponId).where('member_id', '=', memberId),
    );

    await query.rows(em, 'c-1', 'm-1');
    expect(await query.first(em, 'c-2', 'm-2')).toBeUndefined();

    expect(sent.map((statement) => statement.parameters)).toEqual([
      ['c-1', 'm-1'],
      ['c-2', 'm-2'],
    ]);
    expect(sent[0]!.sql).toBe(sent[1]!.sql);
  });

  it('answers the only row, or refuses with Kysely’s NoResultError as executeTakeFirstOrThrow does', async () => {
    const { em } = recordingKysely();
    const query = new PreparedQuery((k, memberId: string) =>
      k.selectFrom('members').select('first_name').where('id', '=', memberId),
    );
    // The recording Kysely runs nothing, so it answers no rows.
    await expect(query.only(em, 'm-1')).rejects.toBeInstanceOf(NoResultError);

    const answering = {
      getKysely: () => ({ executeQuery: async () => ({ rows: [{ first_name: 'Ada' }, { first_name: 'Grace' }] }) }),
    } as unknown as EntityManager;
    await expect(query.only(answering, 'm-1')).resolves.toEqual({ first_name: 'Ada' });
  });

  it('refuses an argument that is not a parameter of the query', () => {
    const { kysely } = recordingKysely();
    const query = new PreparedQuery((k, _memberId: string) => k.selectFrom('members').select('id').where('id', '=', 'fixed'));
    expect(() => query.statement(kysely, 'a')).toThrow(/argument\(s\) 0 are not parameters/);
  });
});
