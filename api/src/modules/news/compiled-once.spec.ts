import type { Database } from '@nocturne/db';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { CompiledOnce } from './compiled-once.js';

function recordingKysely() {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const kysely = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      sent.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return { kysely, sent };
}

describe('CompiledOnce', () => {
  it('builds once and puts each call’s values where the placeholders were, leaving constants as built', async () => {
    const { kysely, sent } = recordingKysely();
    let builds = 0;
    const build = (k: Kysely<Database>, args: { memberId: string; limit: number }) => {
      builds += 1;
      return k
        .selectFrom('point_transactions')
        .select('id')
        .where('kind', '=', 'comment_reward')
        .where('member_id', '=', args.memberId)
        .where('source_id', '<>', sql.val(args.memberId).$castTo<string>())
        .limit(args.limit);
    };
    const query = new CompiledOnce({ memberId: ':memberId', limit: -1 }, build);

    await query.execute(kysely, { memberId: 'a', limit: 5 });
    await query.execute(kysely, { memberId: 'b', limit: 7 });

    expect(builds).toBe(1);
    expect(sent.map((query) => query.parameters)).toEqual([
      ['comment_reward', 'a', 'a', 5],
      ['comment_reward', 'b', 'b', 7],
    ]);
    expect(sent[0]!.sql).toBe(sent[1]!.sql);
  });

  it('refuses a placeholder that is not a parameter of the query', async () => {
    const { kysely } = recordingKysely();
    const query = new CompiledOnce({ memberId: ':memberId' }, (k) =>
      k.selectFrom('members').select('id').where('id', '=', 'fixed'),
    );
    await expect(query.execute(kysely, { memberId: 'a' })).rejects.toThrow(/memberId/);
  });
});
