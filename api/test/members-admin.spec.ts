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
    const admins = await t.request('GET', '/api/admin/users?offset=2', { token: adminToken });
    expect(admins.body.users).toHaveLength(1);
    expect(admins.body.users[0]).toMatchObject({ role: 'admin', isAdmin: true });
  });

  it('searches names and emails, treating % and _ literally', async () => {
    await registerMember(t, { firstName: 'Wilhelmina', lastName: 'Stone' });
    const byName = await t.request('GET', '/api/admin/users?search=wilhel', { token: adminToken });
    expect(byName.body.users.map((u: { firstName: string }) => u.firstName)).toEqual(['Wilhelmina']);
    expect(byName.body.total).toBe(1);
    const wildcard = await t.request('GET', `/api/admin/users?search=${encodeURIComponent('%')}`, { token: adminToken });
    expect(wildcard.body).toEqual({ users: [], total: 0 });
  });

  it('names a bad paging parameter', async () => {
    const answer = await t.request('GET', '/api/admin/users?limit=0&offset=-1', { token: adminToken });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['limit', 'offset']);
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
