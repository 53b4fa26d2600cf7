import { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { startTestApp, type TestApp } from '@nocturne/testing';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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

  describe('a last step sent with the commit', () => {
    const messageNamed = async (name: string) => (await unitOfWork.run((tx) => message(tx, name))).id;
    const row = async (id: string) =>
      (await t.sql.query('select name, email from contact_messages where id = $1', [id])).rows[0] as {
        name: string;
        email: string;
      };

    /*
     * A second session, in a thread of its own (its event loop runs while this one is blocked),
     * updates the row when told to and gives up after 300 ms waiting for its lock.
     */
    async function otherSession(id: string) {
      const worker = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         const pg = require(workerData.pg);
         (async () => {
           const client = new pg.Client({ connectionString: workerData.url });
           await client.connect();
           await client.query("set lock_timeout = '300ms'");
           parentPort.once('message', async () => {
             try {
               await client.query('update contact_messages set email = $1 where id = $2', ['second@nocturne.test', workerData.id]);
               parentPort.postMessage({ updated: true });
             } catch (error) {
               parentPort.postMessage({ updated: false, error: error.message });
             }
             await client.end();
           });
           parentPort.postMessage('ready');
         })();`,
        { eval: true, workerData: { pg: createRequire(import.meta.url).resolve('pg'), url: t.db.url, id } },
      );
      await once(worker, 'message');
      return {
        /** Asks for the update, then blocks this thread's event loop for `ms`. */
        updateWhileBusy(ms: number) {
          worker.postMessage('go');
          const until = Date.now() + ms;
          while (Date.now() < until);
        },
        outcome: once(worker, 'message').then(([outcome]) => outcome as { updated: boolean; error?: string }),
        close: () => worker.terminate(),
      };
    }

    it('lets go of its row at the commit without waiting for this process', async () => {
      const id = await messageNamed('Hot row');
      const other = await otherSession(id);
      try {
        await unitOfWork.run(async (tx, _raise, lastly) => {
          lastly(
            async () => {
              // Once this step and the COMMIT are written (microtasks from here), this process is
              // busy for 800 ms: the row's lock must not wait for it to read the step's answer.
              setImmediate(() => other.updateWhileBusy(800));
              await db(tx).updateTable('contact_messages').set({ name: 'Counted' }).where('id', '=', id).execute();
            },
            { withCommit: true },
          );
        });
        expect(await other.outcome).toEqual({ updated: true });
        expect(await row(id)).toEqual({ name: 'Counted', email: 'second@nocturne.test' });
      } finally {
        await other.close();
      }
    });

    it('fails the command, keeping none of its work, when that statement fails', async () => {
      const id = await messageNamed('Unchanged');
      await expect(
        unitOfWork.run(async (tx, _raise, lastly) => {
          await message(tx, 'Rolled back behind the step');
          lastly(
            () =>
              db(tx)
                .updateTable('contact_messages')
                .set({ message: null as never })
                .where('id', '=', id)
                .execute(),
            { withCommit: true },
          );
        }),
      ).rejects.toThrow(/null value/);
      expect(await stored('Rolled back behind the step')).toBe(0);
      expect(await row(id)).toEqual({ name: 'Unchanged', email: 'guest@nocturne.test' });
      // The connection went back to the pool usable.
      await unitOfWork.run((tx) => message(tx, 'After the failed step'));
      expect(await stored('After the failed step')).toBe(1);
    });

    it('never sends a second query of that step, which would run after the COMMIT', async () => {
      const id = await messageNamed('One statement');
      await expect(
        unitOfWork.run(async (tx, _raise, lastly) => {
          await message(tx, 'Behind two statements');
          lastly(
            async () => {
              await db(tx).updateTable('contact_messages').set({ name: 'First' }).where('id', '=', id).execute();
              await db(tx).updateTable('contact_messages').set({ name: 'Second' }).where('id', '=', id).execute();
            },
            { withCommit: true },
          );
        }),
      ).rejects.toThrow(/exactly one query/);
      // The first statement and the COMMIT went out together, so the work up to there is
      // committed; the second statement was refused unsent (the command fails, for its author to see).
      expect(await stored('Behind two statements')).toBe(1);
      expect(await row(id)).toEqual({ name: 'First', email: 'guest@nocturne.test' });
    });
  });
});
