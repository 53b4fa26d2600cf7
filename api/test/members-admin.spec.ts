import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/users', () => {
  it('lists members newest first with points, tier, admin flag and a total, never a hash', async () => {
    const first = await registerMember(t, { firstName: 'Odette', lastName: 'Marsh' });
    const second = await registerMember(t, { firstName: 'Pascal', lastName: 'Quint' });
    const answer = await t.request('GET', '/api/admin/users?limit=2', { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(3);
    expect(answer.body.users.map((u: { id: string }) => u.id)).toEqual([second.user.id, first.user.id]);
    expect(answer.body.users[0]).toMatchObject({
      firstName: 'Pascal',
      currentPoints: 20,
      totalPoints: 20,
      memberTier: 'bronze',
      role: 'member',
      isAdmin: false,
      acSyncedAt: null,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/scrypt|password/i);
    expect(answer.body).toMatchObject({ totalIs: 'exact', nextCursor: expect.any(String) });
    const admins = await t.request('GET', `/api/admin/users?limit=2&cursor=${answer.body.nextCursor}`, { token: adminToken });
    expect(admins.body.users).toHaveLength(1);
    expect(admins.body.users[0]).toMatchObject({ role: 'admin', isAdmin: true });
    expect(admins.body).toMatchObject({ total: 3, nextCursor: null });
  });

  it('searches names and emails, treating % and _ literally', async () => {
    await registerMember(t, { firstName: 'Wilhelmina', lastName: 'Stone' });
    const byName = await t.request('GET', '/api/admin/users?search=wilhel', { token: adminToken });
    expect(byName.body.users.map((u: { firstName: string }) => u.firstName)).toEqual(['Wilhelmina']);
    expect(byName.body.total).toBe(1);
    const wildcard = await t.request('GET', `/api/admin/users?search=${encodeURIComponent('%')}`, { token: adminToken });
    expect(wildcard.body).toEqual({ users: [], total: 0, totalIs: 'exact', nextCursor: null });
    // An e-mail is found from its start, a name by any part; a term with an @ looks at e-mails only.
    const wilhelmina = byName.body.users[0] as { email: string };
    const byEmail = await t.request(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(wilhelmina.email.slice(0, 14).toUpperCase())}`,
      {
        token: adminToken,
      },
    );
    expect(byEmail.body.users.map((u: { email: string }) => u.email)).toContain(wilhelmina.email);
    const whole = await t.request('GET', `/api/admin/users?search=${encodeURIComponent(wilhelmina.email)}`, {
      token: adminToken,
    });
    expect(whole.body).toMatchObject({ total: 1, totalIs: 'exact' });
    const middle = await t.request('GET', `/api/admin/users?search=${encodeURIComponent(wilhelmina.email.slice(3, 20))}`, {
      token: adminToken,
    });
    expect(middle.body.users).toEqual([]);
  });

  it('names a bad paging parameter', async () => {
    const answer = await t.request('GET', '/api/admin/users?limit=101', { token: adminToken });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((i: { path: string }) => i.path)).toEqual(['limit']);
    const forged = await t.request('GET', '/api/admin/users?cursor=not-a-cursor', { token: adminToken });
    expect(forged.status).toBe(400);
    expect(forged.body.issues.map((i: { path: string }) => i.path)).toEqual(['cursor']);
  });

  it('pages every member exactly once while others sign up between the pages', async () => {
    // Many members joined in the same instant: the cursor splits them by id.
    await t.sql.query(
      `insert into members (email, first_name, last_name, password_hash, created_at)
       select 'same-instant-' || n || '@example.com', 'Same', 'Instant ' || n, 'not-a-hash', timestamptz '2026-10-01 22:00:00.123456+00'
         from generate_series(1, 40) n`,
    );
    const before = (await t.sql.query<{ id: string }>('select id from members where deleted_at is null')).rows.map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: { users: { id: string }[]; nextCursor: string | null } } = await t.request(
        'GET',
        `/api/admin/users?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        { token: adminToken },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.users.map((u) => u.id));
      cursor = page.body.nextCursor;
      pages += 1;
      // Someone joins while the admin reads: newer than every page, so no page moves.
      await registerMember(t, { firstName: `Latecomer${pages}` });
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...before].sort());
  });

  it('at 100,000+ members, counts a common search up to the cap (no sample of the table) and a rare one exactly', async () => {
    // 120,000 members, one in four of the older ones named Quill: 28,750 matches, nearly three times
    // the count's cap, and none among the newest 5,000 (where a search looks first, and estimates
    // from what it met there): counted on the name's trigram index as far as the cap, "10,000+".
    // Loaded as the scale bench loads (no per-row triggers): nobody is listening for these rows.
    await t.sql.query(
      `begin; set local session_replication_role = replica;
       insert into members (email, first_name, last_name, password_hash, created_at)
       select 'many-' || n || '@example.com', 'Many', case when n % 4 = 0 and n > 5000 then 'Quill ' else 'Rowan ' end || n, 'not-a-hash',
              now() - make_interval(secs => n)
         from generate_series(1, 120000) n;
       commit;`,
    );
    try {
      await t.sql.query('analyze members');
      const common = await t.request('GET', '/api/admin/users?search=quill', { token: adminToken });
      expect(common.status).toBe(200);
      expect(common.body).toMatchObject({ total: 10_000, totalIs: 'at_least' });
      expect(common.body.users).toHaveLength(25);
      expect(common.body.users.every((u: { lastName: string }) => u.lastName.startsWith('Quill'))).toBe(true);
      // Rare: "Quill 10000" is in Quill 10000, Quill 100000, Quill 100004 and Quill 100008.
      const rare = await t.request('GET', '/api/admin/users?search=quill%2010000', { token: adminToken });
      expect(rare.body).toMatchObject({ total: 4, totalIs: 'exact', nextCursor: null });
    } finally {
      await t.sql.query(
        "begin; set local session_replication_role = replica; delete from members where email like 'many-%'; commit;",
      );
    }
  }, 180_000);

  it('counts matches up to 10,000 and then says there are more', async () => {
    await t.sql.query(
      `insert into members (email, first_name, last_name, password_hash)
       select 'crowd-' || n || '@example.com', 'Crowd', 'Member ' || n, 'not-a-hash' from generate_series(1, 10001) n`,
    );
    try {
      const all = await t.request('GET', '/api/admin/users', { token: adminToken });
      // Past the cap: "10,000+", or the table's estimated size once PostgreSQL has analysed it.
      expect(['at_least', 'about']).toContain(all.body.totalIs);
      expect(all.body.total).toBeGreaterThanOrEqual(10_000);
      expect(all.body.nextCursor).toEqual(expect.any(String));
      expect(all.body.users).toHaveLength(25);
      // A rare search is counted exactly: crowd-1000@, crowd-10000@ and crowd-10001@.
      const some = await t.request('GET', '/api/admin/users?search=crowd-1000', { token: adminToken });
      expect(some.body).toMatchObject({ total: 3, totalIs: 'exact', nextCursor: null });
      // A common one fills its page from the newest members and says about how many match.
      await t.sql.query('analyze members');
      const common = await t.request('GET', '/api/admin/users?search=crowd', { token: adminToken });
      expect(common.body.users).toHaveLength(25);
      expect(common.body.totalIs).toBe('about');
      expect(common.body.total).toBeGreaterThan(5_000);
      expect(common.body.users.every((u: { email: string }) => u.email.startsWith('crowd-'))).toBe(true);
      // And its pages still give every match once.
      const second = await t.request('GET', `/api/admin/users?search=crowd&cursor=${common.body.nextCursor}`, {
        token: adminToken,
      });
      const ids = [...common.body.users, ...second.body.users].map((u: { id: string }) => u.id);
      expect(new Set(ids).size).toBe(50);
      // None of them was ever synced: the ActiveCampaign screen says "10,000+ waiting", counted no further.
      const ac = await t.request('GET', '/api/admin/integrations/activecampaign', { token: adminToken });
      expect(ac.body).toMatchObject({ pending: 10_000, pendingCapped: true });
      const overview = await t.request('GET', '/api/admin/overview', { token: adminToken });
      expect(overview.body.activeCampaign).toMatchObject({ pendingContacts: 10_000, pendingCapped: true });
    } finally {
      // The crowd has no rows elsewhere: skipping the foreign-key checks spares twenty table scans per member deleted.
      await t.sql.query(
        "begin; set local session_replication_role = replica; delete from members where email like 'crowd-%'; commit;",
      );
    }
  });

  it('is for admins only', async () => {
    const member = await registerMember(t);
    expect((await t.request('GET', '/api/admin/users')).status).toBe(401);
    expect((await t.request('GET', '/api/admin/users', { token: member.sessionId })).status).toBe(403);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts what the overview shows', async () => {
    const answer = await t.request('GET', '/api/admin/stats', { token: adminToken });
    expect(answer.status).toBe(200);
    const { rows } = await t.sql.query('select count(*)::int as n from members');
    expect(answer.body).toMatchObject({ members: rows[0].n, admins: 1, newsPosts: 0, activeCoupons: 0, pendingBookings: 0 });
    expect(Object.values(answer.body).every((v) => Number.isInteger(v))).toBe(true);
  });
});
