import { EntityManager } from '@mikro-orm/postgresql';
import { auditLedger, tierThresholdsFrom } from '../src/modules/ledger/ledger-audit.js';
import { createPost, expectLedgerClean } from './support/news-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let adminToken: string;

// Big comment rewards so a few comments cross the silver threshold (100) exactly.
beforeAll(async () => {
  t = await startTestApp({ POINTS_PER_COMMENT: '40', POINTS_WELCOME_BONUS: '20' });
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const comment = (postId: string, token: string, content: string) =>
  t.request('POST', `/api/news/${postId}/comments`, { token, body: { content } });

describe('point_transactions is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    const member = await registerMember(t);
    const row = (await t.sql.query('select id from point_transactions where member_id = $1', [member.user.id])).rows[0];
    await expect(t.sql.query('update point_transactions set points = 1000 where id = $1', [row.id])).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(t.sql.query('delete from point_transactions where id = $1', [row.id])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(t.sql.query('truncate point_transactions cascade')).rejects.toThrow(/append-only: TRUNCATE refused/);
    const after = await t.sql.query('select points from point_transactions where member_id = $1', [member.user.id]);
    expect(after.rows).toEqual([{ points: 20 }]);
  });

  // Account deletion may blank descriptions (security review M4); nothing else, even then.
  it('lets a transaction marked as an erasure change a description, and still nothing that counts', async () => {
    const member = await registerMember(t);
    const row = (await t.sql.query('select id from point_transactions where member_id = $1', [member.user.id])).rows[0];
    const client = await t.sql.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('nocturne.erasure', 'on', true)");
      await client.query("update point_transactions set description = 'erased' where id = $1", [row.id]);
      await expect(client.query('update point_transactions set points = 1000 where id = $1', [row.id])).rejects.toThrow(
        /append-only: UPDATE refused/,
      );
      await client.query('rollback');
    } finally {
      client.release();
    }
    await expect(t.sql.query("update point_transactions set description = 'erased' where id = $1", [row.id])).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
  });
});

describe('GET /api/points/history', () => {
  it("answers the member's own rows, newest first, signed", async () => {
    const post = await createPost(t, adminToken, { title: 'Terrace opening' });
    const member = await registerMember(t);
    await registerMember(t);
    const posted = (await comment(post.id, member.sessionId, 'Nice')).body;
    await t.request('DELETE', `/api/admin/comments/${posted.id}`, { token: adminToken });
    const answer = await t.request('GET', '/api/points/history', { token: member.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: expect.any(String),
        description: 'Comment removed by staff: Terrace opening',
        points: -40,
        createdAt: expect.stringMatching(/Z$/),
        multiplier: null,
      },
      {
        id: expect.any(String),
        description: 'Commented on: Terrace opening',
        points: 40,
        createdAt: expect.any(String),
        multiplier: null,
      },
      { id: expect.any(String), description: 'Welcome bonus', points: 20, createdAt: expect.any(String), multiplier: null },
    ]);
    const limited = await t.request('GET', '/api/points/history?limit=1', { token: member.sessionId });
    expect(limited.body.map((r: { points: number }) => r.points)).toEqual([-40]);
  });

  it('answers 400 naming a bad limit and 401 without a session', async () => {
    const member = await registerMember(t);
    const bad = await t.request('GET', '/api/points/history?limit=0', { token: member.sessionId });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(['limit']);
    expect((await t.request('GET', '/api/points/history')).status).toBe(401);
  });
});

describe('tiers', () => {
  it('moves to silver at exactly 100 total points and back when the reward is reversed', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    expect((await comment(post.id, member.sessionId, 'One')).body).toMatchObject({ totalPoints: 60 });
    const second = (await comment(post.id, member.sessionId, 'Two')).body;
    expect(second).toMatchObject({ currentPoints: 100, totalPoints: 100 });
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).body.memberTier).toBe('silver');

    await t.request('DELETE', `/api/admin/comments/${second.id}`, { token: adminToken });
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).body).toMatchObject({
      totalPoints: 60,
      memberTier: 'bronze',
    });
    const changes = await t.sql.query(
      "select payload from outbox where type = 'MemberTierChanged' and aggregate_id = $1 order by id",
      [member.user.id],
    );
    expect(changes.rows.map((r) => [r.payload.from, r.payload.to])).toEqual([
      ['bronze', 'silver'],
      ['silver', 'bronze'],
    ]);
    await expectLedgerClean(t);
  });
});

describe('ledger verification', () => {
  it('finds a cached balance that disagrees with the rows, naming the member', async () => {
    const member = await registerMember(t);
    await expectLedgerClean(t);
    await t.sql.query('update members set current_points = current_points + 7 where id = $1', [member.user.id]);
    try {
      const audit = await auditLedger(t.app.get(EntityManager).fork(), tierThresholdsFrom(t.config));
      expect(audit.differences).toEqual([
        {
          memberId: member.user.id,
          email: member.email,
          currentPoints: 27,
          expectedCurrentPoints: 20,
          totalPoints: 20,
          expectedTotalPoints: 20,
          memberTier: 'bronze',
          expectedTier: 'bronze',
        },
      ]);
    } finally {
      await t.sql.query('update members set current_points = current_points - 7 where id = $1', [member.user.id]);
    }
    await expectLedgerClean(t);
  });

  it('finds a tier that does not follow total earned points', async () => {
    const member = await registerMember(t);
    await t.sql.query("update members set member_tier = 'gold' where id = $1", [member.user.id]);
    try {
      const audit = await auditLedger(t.app.get(EntityManager).fork(), tierThresholdsFrom(t.config));
      expect(audit.differences).toEqual([
        expect.objectContaining({ memberId: member.user.id, memberTier: 'gold', expectedTier: 'bronze' }),
      ]);
    } finally {
      await t.sql.query("update members set member_tier = 'bronze' where id = $1", [member.user.id]);
    }
  });
});
