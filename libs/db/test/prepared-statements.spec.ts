import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '@nocturne/testing';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createOrmConfig, db, PreparedQuery } from '../src/index.js';

/*
 * What the api's pool does with a PreparedQuery on a real PostgreSQL: the statement is prepared once
 * per connection and then planned once, its answers stay each call's own, and a failure or a schema
 * change leaves it usable.
 */

let database: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  database = await createTestDatabase('prepared');
  // One connection, so every statement of a test meets the statements prepared before it.
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 1 }));
});
afterAll(async () => {
  await orm.close();
  await database.drop();
});

const memberById = new PreparedQuery((kysely, id: string) =>
  kysely.selectFrom('members').select(['id', 'email', 'first_name']).where('id', '=', id),
);
const newMember = new PreparedQuery((kysely, email: string, firstName: string) =>
  kysely.insertInto('members').values({ email, first_name: firstName, password_hash: 'never-signs-in' }).returning('id'),
);

/** The statements PostgreSQL holds prepared on the pool's one connection, by text. */
async function preparedOnConnection(em: EntityManager) {
  const { rows } = await sql<{
    statement: string;
    generic_plans: string;
    custom_plans: string;
  }>`select statement, generic_plans, custom_plans from pg_prepared_statements where not from_sql`.execute(db(em));
  return new Map(rows.map((row) => [row.statement, { generic: Number(row.generic_plans), custom: Number(row.custom_plans) }]));
}

describe('PreparedQuery on PostgreSQL', () => {
  it('is parsed once per connection and then run on one generic plan, each call answering its own arguments', async () => {
    const em = orm.em.fork();
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push((await newMember.only(em, `${randomUUID()}@example.com`, `Member ${i}`)).id);
    for (const [i, id] of ids.entries()) {
      expect(await memberById.rows(em, id)).toEqual([expect.objectContaining({ id, first_name: `Member ${i}` })]);
    }
    expect(await memberById.rows(em, randomUUID())).toEqual([]);

    const prepared = await preparedOnConnection(em);
    const lookups = prepared.get(memberById.statement(db(em), '').sql);
    // PostgreSQL plans the first five runs for their arguments, then settles on the generic plan.
    expect(lookups).toEqual({ custom: 5, generic: 4 });
    expect(prepared.get(newMember.statement(db(em), '', '').sql)).toBeDefined();
  });

  it('prepares nothing for a statement built per call', async () => {
    const em = orm.em.fork();
    const perCall = db(em).selectFrom('members').select('email').where('first_name', '=', 'Nobody');
    await perCall.execute();
    expect((await preparedOnConnection(em)).has(perCall.compile().sql)).toBe(false);
  });

  it('stays usable after it failed inside a transaction that rolled back', async () => {
    const email = `${randomUUID()}@example.com`;
    await newMember.only(orm.em.fork(), email, 'First');
    await expect(orm.em.fork().transactional((tx) => newMember.only(tx, email, 'Twice'))).rejects.toThrow(/members_email_unique/);
    const other = await orm.em.fork().transactional((tx) => newMember.only(tx, `${randomUUID()}@example.com`, 'Next'));
    expect(await memberById.rows(orm.em.fork(), other.id)).toEqual([expect.objectContaining({ first_name: 'Next' })]);
  });

  it('keeps answering after a migration changes the table it reads', async () => {
    const em = orm.em.fork();
    const { id } = await newMember.only(em, `${randomUUID()}@example.com`, 'Before');
    for (let i = 0; i < 6; i += 1) await memberById.rows(em, id);
    await sql`alter table members add column prepared_test_note text`.execute(db(em));
    try {
      await sql`update members set first_name = 'After' where id = ${id}`.execute(db(em));
      expect(await memberById.rows(em, id)).toEqual([expect.objectContaining({ id, first_name: 'After' })]);
    } finally {
      await sql`alter table members drop column prepared_test_note`.execute(db(em));
    }
  });
});
