import { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { startTestApp, type TestApp } from '@nocturne/testing';
import { UnitOfWork } from '../src/infrastructure/outbox/unit-of-work.js';

let t: TestApp;
let unitOfWork: UnitOfWork;
let em: EntityManager;

beforeAll(async () => {
  t = await startTestApp();
  unitOfWork = t.app.get(UnitOfWork);
  em = t.app.get(EntityManager);
});
afterAll(async () => {
  await t.close();
});

const message = (tx: EntityManager, name: string) =>
  db(tx)
    .insertInto('contact_messages')
    .values({ name, email: 'guest@nocturne.test', message: 'Is there a dress code?' })
    .returning('id')
    .executeTakeFirstOrThrow();
const stored = async (name: string) =>
  (await t.sql.query('select count(*)::int as n from contact_messages where name = $1', [name])).rows[0].n as number;

describe('UnitOfWork', () => {
  it('commits the work, and the global EntityManager inside it joins the same transaction', async () => {
    const seen = await unitOfWork.run(async (tx) => {
      const { id } = await message(tx, 'Joined');
      // Repositories given the injected EntityManager rather than `tx` must still see the transaction's rows.
      const row = await db(em).selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst();
      // Nobody outside sees them before the commit.
      expect(await stored('Joined')).toBe(0);
      return row?.id === id;
    });
    expect(seen).toBe(true);
    expect(await stored('Joined')).toBe(1);
  });

  it('keeps nothing of failed work and gives its connection back to the pool each time', async () => {
    // More failures than the pool has connections: a connection kept by a failed transaction would
    // leave the last ones (and the command after them) waiting for ever.
    for (let i = 0; i < 25; i += 1) {
      await expect(
        unitOfWork.run(async (tx) => {
          await message(tx, 'Failed');
          throw new Error(`refused ${i}`);
        }),
      ).rejects.toThrow(`refused ${i}`);
    }
    for (let i = 0; i < 25; i += 1) {
      await expect(
        unitOfWork.run(async (tx) => {
          await message(tx, 'Failed');
          // A statement PostgreSQL refuses aborts the transaction where it stands.
          await db(tx)
            .insertInto('contact_messages')
            .values({ name: 'Failed', email: 'x', message: null as never })
            .execute();
        }),
      ).rejects.toThrow(/null value/);
    }
    expect(await stored('Failed')).toBe(0);
    await unitOfWork.run((tx) => message(tx, 'After the failures'));
    expect(await stored('After the failures')).toBe(1);
  }, 30_000);

  it('rolls back a nested transaction (a savepoint) alone, keeping the rest of the work', async () => {
    await unitOfWork.run(async (tx) => {
      await message(tx, 'Outer');
      await expect(
        tx.transactional(async (inner) => {
          await message(inner, 'Inner');
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    expect(await stored('Outer')).toBe(1);
    expect(await stored('Inner')).toBe(0);
  });
});
