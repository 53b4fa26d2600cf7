import { registerAdmin, startTestApp, type TestApp } from '@nocturne/testing';

/*
 * The admin inboxes page newest first by (created_at, id). Rows written in one transaction share
 * its now() to the microsecond, and a page boundary can fall between them: following nextCursor
 * must still bring every row back exactly once, also while new rows arrive during the walk.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const lists = [
  {
    path: '/api/admin/contact-messages',
    items: 'messages',
    table: 'contact_messages',
    insert: (tag: string, at: string) =>
      t.sql.query(
        `insert into contact_messages (name, email, message, created_at) values ($1, 'guest@example.com', 'Hello', $2::timestamptz) returning id`,
        [tag, at],
      ),
  },
  {
    path: '/api/admin/bookings',
    items: 'bookings',
    table: 'bookings',
    insert: (tag: string, at: string) =>
      t.sql.query(
        `insert into bookings (name, email, guests, service, created_at) values ($1, 'guest@example.com', '2', 'vip-room', $2::timestamptz) returning id`,
        [tag, at],
      ),
  },
] as const;

/** Every page from the first, following nextCursor; `between` runs after each page. */
async function walk(path: string, items: string, limit: number, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const query: string = `limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const answer = await t.request('GET', `${path}?${query}`, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body[items].length).toBeLessThanOrEqual(limit);
    seen.push(...answer.body[items].map((item: { id: string }) => item.id));
    cursor = answer.body.nextCursor;
    if (cursor === null) return seen;
    await between?.(page);
  }
  throw new Error('the walk did not end');
}

describe.each(lists)('$path paging', ({ path, items, table, insert }) => {
  beforeEach(async () => {
    await t.sql.query(`delete from email_deliveries`);
    await t.sql.query(`delete from ${table}`);
  });

  it('brings back every row of one microsecond exactly once across a page boundary', async () => {
    const ids: string[] = [];
    // Three rows sharing one instant to the microsecond, between an older and a newer one.
    ids.push((await insert('older', '2026-11-20T21:00:00.000001Z')).rows[0].id);
    for (const tag of ['a', 'b', 'c']) ids.push((await insert(tag, '2026-11-20T22:00:00.123456Z')).rows[0].id);
    ids.push((await insert('newer', '2026-11-20T23:00:00Z')).rows[0].id);
    for (const limit of [1, 2, 3, 4]) {
      const seen = await walk(path, items, limit);
      expect(seen).toHaveLength(ids.length);
      expect(new Set(seen)).toEqual(new Set(ids));
    }
  });

  it('brings back rows written in one transaction across a page boundary', async () => {
    const { rows } = await t.sql.query(
      `insert into ${table} (name, email, ${table === 'bookings' ? "guests, service) select 'g' || n, 'guest@example.com', '2', 'vip-room'" : "message) select 'g' || n, 'guest@example.com', 'Hi'"} from generate_series(1, 5) n returning id`,
    );
    const seen = await walk(path, items, 2);
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('keeps every row once while others arrive during the walk', async () => {
    const before: string[] = [];
    for (let i = 0; i < 7; i += 1) before.push((await insert(`seed ${i}`, '2026-11-20T22:00:00.5Z')).rows[0].id);
    const arrived: string[] = [];
    const seen = await walk(path, items, 2, async (page) => {
      // Newer rows (now()), and one in the very microsecond the walk is passing through.
      arrived.push((await insert(`new ${page}`, new Date().toISOString())).rows[0].id);
      arrived.push((await insert(`same ${page}`, '2026-11-20T22:00:00.5Z')).rows[0].id);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    for (const id of seen) expect([...before, ...arrived]).toContain(id);
  });

  it('refuses a cursor it did not write and a page over 100, naming the field', async () => {
    for (const [query, field] of [
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('2026-11-20T22:00:00.123Z|x').toString('base64url')}`, 'cursor'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
    ]) {
      const answer = await t.request('GET', `${path}?${query}`, { token: adminToken });
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual([field]);
    }
  });
});
