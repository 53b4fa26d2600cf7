import { registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';

/*
 * Admins see the audit log filtered by person, action and date, a page at a
 * time, and export it as CSV; an erased actor shows as "Deleted account".
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerStaff>>;
let other: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerStaff(t, 'admin', 'Avery');
  other = await registerStaff(t, 'admin', 'Blair');
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, token = admin.sessionId) => t.request('GET', path, { token });

async function insert(actorId: string, action: string, at: string, after: object = {}) {
  await t.sql.query(
    `insert into audit_log (at, actor_id, actor_role, action, target_type, target_id, after) values ($1, $2, 'admin', $3, 'coupon', 'c-1', $4)`,
    [at, actorId, action, JSON.stringify(after)],
  );
}

describe('GET /api/admin/audit', () => {
  it('filters by person, action and venue-time dates, newest first, a page at a time', async () => {
    // Venue time is Australia/Sydney (UTC+11 in November): 2026-11-20 13:30Z is the 21st there.
    await insert(other.user.id, 'coupon.update', '2026-11-20T13:30:00Z', { title: 'A' });
    await insert(other.user.id, 'coupon.update', '2026-11-21T02:00:00Z', { title: 'B' });
    await insert(other.user.id, 'news.create', '2026-11-21T03:00:00Z');
    await insert(other.user.id, 'coupon.update', '2026-11-22T02:00:00Z', { title: 'C' });
    await insert(admin.user.id, 'coupon.update', '2026-11-21T02:00:00Z');

    const filtered = await get(`/api/admin/audit?actorId=${other.user.id}&action=coupon.update&from=2026-11-21&to=2026-11-21`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.entries.map((e: { after: { title: string } }) => e.after.title)).toEqual(['B', 'A']);
    expect(filtered.body.entries[0]).toMatchObject({ actorName: expect.stringContaining('Blair'), actorRole: 'admin' });

    const first = await get(`/api/admin/audit?actorId=${other.user.id}&limit=2`);
    expect(first.body.entries.map((e: { action: string }) => e.action)).toEqual(['coupon.update', 'news.create']);
    const second = await get(`/api/admin/audit?actorId=${other.user.id}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((e: { after: { title: string } }) => e.after.title)).toEqual(['B', 'A']);
    expect(second.body.nextCursor).toBeNull();
    expect((await get('/api/admin/audit?action=nope')).status).toBe(400);
  });

  it('names an erased actor "Deleted account"', async () => {
    const gone = await registerMember(t, { firstName: 'Casey' });
    await insert(gone.user.id, 'points.adjust', '2026-11-23T02:00:00Z');
    await t.sql.query('update members set deleted_at = now() where id = $1', [gone.user.id]);
    const answer = await get(`/api/admin/audit?actorId=${gone.user.id}`);
    expect(answer.body.entries.map((e: { actorName: string }) => e.actorName)).toEqual(['Deleted account']);
  });

  it('is for admins only', async () => {
    const manager = await registerStaff(t, 'manager');
    expect((await get('/api/admin/audit', manager.sessionId)).status).toBe(403);
    expect((await get('/api/admin/audit/export', manager.sessionId)).status).toBe(403);
  });
});

describe('the audit log in words', () => {
  it('says who did what to whom, names the record, links to it, and lists the fields that changed', async () => {
    const manager = await registerStaff(t, 'manager', 'Sam');
    const priya = await registerMember(t, { firstName: 'Priya', lastName: 'Shah' });
    const adjusted = await t.request('POST', `/api/admin/members/${priya.user.id}/points-adjustments`, {
      token: manager.sessionId,
      body: { points: 50, reason: 'birthday', countsTowardTier: false },
    });
    expect(adjusted.status).toBeLessThan(300);
    const answer = await get(`/api/admin/audit?actorId=${manager.user.id}&action=points.adjust`);
    const [entry] = answer.body.entries;
    expect(entry.summary).toBe(
      `${entry.actorName} (manager) adjusted Priya Shah's points: +50, 'birthday', counts toward tier: no`,
    );
    expect(entry.actorName).toMatch(/^Sam\b/);
    expect(entry).toMatchObject({ targetName: 'Priya Shah', targetLink: `/admin/members/${priya.user.id}` });
    expect(entry.changes).toContainEqual({
      field: 'currentPoints',
      label: 'Current points',
      before: expect.any(String),
      after: expect.any(String),
      text: false,
    });

    // Once the account is erased the reason goes with it, and the row names nobody.
    await t.sql.query('update members set deleted_at = now() where id = $1', [priya.user.id]);
    const erased = (await get(`/api/admin/audit?actorId=${manager.user.id}&action=points.adjust`)).body.entries[0];
    expect(erased.targetLink).toBeNull();
    expect(erased.summary).toContain("adjusted a deleted account's points: +50");
    expect(erased.summary).not.toContain('Priya');
  });

  it('writes CSV times with the venue offset and the row in words beside the keys', async () => {
    const actor = await registerStaff(t, 'admin', 'Robin');
    await t.sql.query(
      `insert into audit_log (at, actor_id, actor_role, action, target_type, target_id, before, after)
        values ($1, $2, 'admin', 'member.disable', 'member', $3, '{"disabled": false}', '{"disabled": true}')`,
      ['2026-11-28T23:41:00Z', actor.user.id, other.user.id],
    );
    const answer = await get(`/api/admin/audit/export?actorId=${actor.user.id}`, other.sessionId);
    const line = (answer.body as string).trimEnd().split('\r\n')[1]!;
    // Australia/Sydney is UTC+11 in November: the wall clock the screen shows, with its offset.
    expect(line.startsWith('2026-11-29T10:41:00+11:00,')).toBe(true);
    expect(line).toContain(`,member.disable,Robin`);
    expect(line).toContain(',Disabled no → yes,');
    expect(line).toMatch(/,member\.disable,Robin[^,]* \(admin\) disabled Blair \w+'s? account,member,/);
  });
});

describe('GET /api/admin/audit/export', () => {
  it('streams the filtered rows as CSV with formula cells neutralised, and leaves its own row', async () => {
    const actor = await registerStaff(t, 'admin', '=cmd');
    await insert(actor.user.id, 'coupon.create', '2026-11-24T02:00:00Z', { title: '=HYPERLINK("x")' });
    const answer = await get(`/api/admin/audit/export?actorId=${actor.user.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = (answer.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor_id,actor_name,actor_role,action,summary,target_type,target_id,target_name,changes,before,after,client_address',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",'=cmd ");
    expect(lines[1]).toContain('coupon.create');
    const own = await t.sql.query(`select action from audit_log where actor_id = $1 and action = 'audit.export'`, [
      admin.user.id,
    ]);
    expect(own.rows).toHaveLength(1);
  });
});
