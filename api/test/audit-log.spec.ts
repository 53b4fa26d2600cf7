import { startTestApp, type TestApp } from '@nocturne/testing';

/*
 * The audit log is append-only at the database. The api's own connection (the
 * one its tests and its code use) can add a row and read it, never change, delete or empty the
 * table; only the retention trim's transaction may delete, and only rows past the 365-day floor.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function insertRow(at: string): Promise<string> {
  const result = await t.sql.query(
    `insert into audit_log (at, actor_role, action, target_type, target_id, after)
     values ($1, 'admin', 'coupon.update', 'coupon', 'c-1', '{"title":"B"}') returning id`,
    [at],
  );
  return result.rows[0].id as string;
}

describe('audit_log is append-only', () => {
  it("refuses UPDATE, DELETE and TRUNCATE on the api's connection", async () => {
    const id = await insertRow(new Date().toISOString());
    await expect(t.sql.query(`update audit_log set action = 'news.update' where id = $1`, [id])).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(t.sql.query('delete from audit_log where id = $1', [id])).rejects.toThrow(/append-only: DELETE refused/);
    await expect(t.sql.query('truncate audit_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
    const after = await t.sql.query('select action from audit_log where id = $1', [id]);
    expect(after.rows).toEqual([{ action: 'coupon.update' }]);
  });

  it('lets only a transaction marked as the retention trim delete, and only rows older than 365 days', async () => {
    const old = await insertRow(new Date(Date.now() - 366 * 86_400_000).toISOString());
    const recent = await insertRow(new Date(Date.now() - 364 * 86_400_000).toISOString());
    // Unmarked: even the old row stays.
    await expect(t.sql.query('delete from audit_log where id = $1', [old])).rejects.toThrow(/append-only: DELETE refused/);
    const client = await t.sql.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('nocturne.audit_trim', 'on', true)");
      await expect(client.query('delete from audit_log where id = $1', [recent])).rejects.toThrow(/append-only: DELETE refused/);
      await client.query('rollback');
      await client.query('begin');
      await client.query("select set_config('nocturne.audit_trim', 'on', true)");
      await client.query(`update audit_log set at = at where false`); // no row: nothing to refuse
      await client.query('delete from audit_log where id = $1', [old]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const left = await t.sql.query('select id from audit_log where id = any($1)', [[old, recent]]);
    expect(left.rows).toEqual([{ id: recent }]);
  });
});
