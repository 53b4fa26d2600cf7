import { createCoupon, expectLedgerClean } from './support/coupon-fixtures.js';
import { createPost } from './support/news-fixtures.js';
import { MARKETING_CONSENT_VERSION } from '@nocturne/domain';
import { ADULT_DATE_OF_BIRTH, randomIp, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': randomIp() } });

describe('PATCH /api/auth/me', () => {
  it('changes first and last name, trimmed, and comment lists show the new name at once (no stale 304)', async () => {
    const member = await registerMember(t, { firstName: 'Morgan', lastName: 'Reyes' });
    const post = await createPost(t, adminToken);
    const posted = await t.request('POST', `/api/news/${post.id}/comments`, {
      token: member.sessionId,
      body: { content: 'See you there' },
    });
    expect(posted.status).toBe(201);
    const before = await t.request('GET', `/api/news/${post.id}/comments`, { token: member.sessionId });
    expect(before.body.comments[0].author.firstName).toBe('Morgan');
    const etag = before.headers.get('etag');
    expect(etag).toBeTruthy();

    const answer = await t.request('PATCH', '/api/auth/me', {
      token: member.sessionId,
      body: { firstName: ' Jo ', lastName: 'Park' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: member.user.id, firstName: 'Jo', lastName: 'Park', email: member.email });
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).body).toMatchObject({
      firstName: 'Jo',
      lastName: 'Park',
    });

    let after = await t.request('GET', `/api/news/${post.id}/comments`, {
      token: member.sessionId,
      headers: { 'if-none-match': etag! },
    });
    for (let i = 0; i < 20 && after.status === 304; i += 1) {
      // The version reaches replicas by LISTEN/NOTIFY: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await t.request('GET', `/api/news/${post.id}/comments`, {
        token: member.sessionId,
        headers: { 'if-none-match': etag! },
      });
    }
    expect(after.status).toBe(200);
    expect(after.body.comments[0].author.firstName).toBe('Jo');
  });

  it('refuses empty or missing names with a 400 naming the field, and needs a session', async () => {
    const member = await registerMember(t);
    const empty = await t.request('PATCH', '/api/auth/me', {
      token: member.sessionId,
      body: { firstName: '  ', lastName: 'x'.repeat(101) },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['firstName', 'lastName']);
    expect((await t.request('PATCH', '/api/auth/me', { body: { firstName: 'A', lastName: 'B' } })).status).toBe(401);
  });
});

describe('POST /api/auth/me/password', () => {
  it('needs the current password, then changes it and signs out every other session but this one', async () => {
    const member = await registerMember(t);
    const other = (await login(member.email, member.password)).body.sessionId as string;
    const wrong = await t.request('POST', '/api/auth/me/password', {
      token: member.sessionId,
      body: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('current password');
    expect((await t.request('GET', '/api/auth/me', { token: other })).status).toBe(200);

    const changed = await t.request('POST', '/api/auth/me/password', {
      token: member.sessionId,
      body: { currentPassword: member.password, newPassword: 'a-brand-new-secret' },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await login(member.email, member.password)).status).toBe(401);
    expect((await login(member.email, 'a-brand-new-secret')).status).toBe(200);
  });

  it('refuses a weak new password and says why', async () => {
    const member = await registerMember(t);
    const weak = await t.request('POST', '/api/auth/me/password', {
      token: member.sessionId,
      body: { currentPassword: member.password, newPassword: '1234567890' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('too common');
    expect((await login(member.email, member.password)).status).toBe(200);
  });
});

describe('GET /api/auth/me/export', () => {
  it("gives the member their profile, points history, coupons and comments as a JSON download, and nobody else's", async () => {
    const member = await registerMember(t, { firstName: 'Ana', lastName: 'Silva' });
    const someoneElse = await registerMember(t);
    const post = await createPost(t, adminToken, { title: 'Export night' });
    await t.request('POST', `/api/news/${post.id}/comments`, { token: member.sessionId, body: { content: 'Mine' } });
    await t.request('POST', `/api/news/${post.id}/comments`, { token: someoneElse.sessionId, body: { content: 'Not mine' } });
    const coupon = await createCoupon(t, adminToken, { title: 'Free entry' });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId })).status).toBe(201);

    const answer = await t.request('GET', '/api/auth/me/export', { token: member.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    expect(answer.body.profile).toMatchObject({
      id: member.user.id,
      email: member.email,
      firstName: 'Ana',
      lastName: 'Silva',
      lastSignInAt: expect.stringMatching(/Z$/),
      // What sign-up asked is the member's data too.
      dateOfBirth: ADULT_DATE_OF_BIRTH,
      marketingConsent: false,
      marketingConsentAt: expect.stringMatching(/Z$/),
      marketingConsentVersion: MARKETING_CONSENT_VERSION,
    });
    expect(answer.body.pointsHistory.map((r: { kind: string }) => r.kind)).toEqual(['welcome_bonus', 'comment_reward']);
    expect(answer.body.coupons).toEqual([
      { code: coupon.code, title: 'Free entry', claimedAt: expect.stringMatching(/Z$/), redeemedAt: null },
    ]);
    expect(answer.body.comments).toEqual([
      { postTitle: 'Export night', content: 'Mine', createdAt: expect.stringMatching(/Z$/), removed: false },
    ]);
    // The invite code and referrals on both sides, dates and states only.
    expect(answer.body.referrals).toEqual({ inviteCode: null, joinedThroughInvite: null, invited: [] });
    const { code } = (await t.request('GET', '/api/referrals', { token: member.sessionId })).body;
    const friend = await registerMember(t, { firstName: 'Bo', referralCode: code });
    const again = (await t.request('GET', '/api/auth/me/export', { token: member.sessionId })).body;
    expect(again.referrals).toEqual({
      inviteCode: code,
      joinedThroughInvite: null,
      invited: [{ state: 'pending', createdAt: expect.stringMatching(/Z$/) }],
    });
    const theirs = (await t.request('GET', '/api/auth/me/export', { token: friend.sessionId })).body;
    expect(theirs.referrals.joinedThroughInvite).toEqual({ state: 'pending', createdAt: expect.stringMatching(/Z$/) });
    expect(JSON.stringify(theirs)).not.toContain(member.email);
    expect(JSON.stringify(answer.body)).not.toContain(someoneElse.email);
    expect((await t.request('GET', '/api/auth/me/export')).status).toBe(401);

    // Each ledger entry as it was paid, and what the club granted on its own.
    expect(answer.body.pointsHistory[1]).toMatchObject({ kind: 'comment_reward', tierMultiplier: 100, promotionMultiplier: 100 });
    expect(answer.body.pointsHistory[1].basePoints).toBe(answer.body.pointsHistory[1].points);
    expect(answer.body.rewards).toEqual({ tierCelebrated: null, birthdayCoupons: [], monthlyTierCoupons: [] });
    await t.sql.query(`insert into tier_celebrations (member_id, tier) values ($1, 'silver')`, [member.user.id]);
    await t.sql.query(`insert into birthday_grants (member_id, year) values ($1, 2026)`, [member.user.id]);
    await t.sql.query(`insert into tier_coupon_grants (member_id, month, tier) values ($1, '2026-11', 'silver')`, [
      member.user.id,
    ]);
    const rewarded = (await t.request('GET', '/api/auth/me/export', { token: member.sessionId })).body;
    expect(rewarded.rewards).toEqual({
      tierCelebrated: { tier: 'silver', celebratedAt: expect.stringMatching(/Z$/) },
      birthdayCoupons: [{ year: 2026, grantedAt: expect.stringMatching(/Z$/) }],
      monthlyTierCoupons: [{ month: '2026-11', tier: 'silver', grantedAt: expect.stringMatching(/Z$/) }],
    });
    expect((await t.request('GET', '/api/auth/me/export', { token: friend.sessionId })).body.rewards.birthdayCoupons).toEqual([]);
  });
});

describe('DELETE /api/auth/me', () => {
  it('keeps the account when the password is wrong', async () => {
    const member = await registerMember(t);
    const answer = await t.request('DELETE', '/api/auth/me', { token: member.sessionId, body: { password: 'not-my-password' } });
    expect(answer.status).toBe(400);
    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).status).toBe(200);
    const missing = await t.request('DELETE', '/api/auth/me', { token: member.sessionId, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { path: string }) => i.path)).toEqual(['password']);
  });

  it('refuses the last enabled admin in words, and lets them go once another admin is enabled', async () => {
    const last = await registerAdmin(t);
    const others = await t.sql.query<{ id: string }>(
      `update members set disabled_at = now() where role = 'admin' and disabled_at is null and id <> $1 returning id`,
      [last.user.id],
    );
    try {
      const refused = await t.request('DELETE', '/api/auth/me', { token: last.sessionId, body: { password: last.password } });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 409,
        message: 'You are the last admin: make someone else an admin on the Staff screen first, then delete your account.',
      });
      expect((await t.request('GET', '/api/auth/me', { token: last.sessionId })).status).toBe(200);
    } finally {
      await t.sql.query('update members set disabled_at = null where id = any($1)', [others.rows.map((row) => row.id)]);
    }
    const gone = await t.request('DELETE', '/api/auth/me', { token: last.sessionId, body: { password: last.password } });
    expect(gone.status).toBe(200);
  });

  it('erases personal data, signs out every session, removes comments, keeps the ledger true and asks the worker to remove the AC contact', async () => {
    const member = await registerMember(t, { firstName: 'Gone', lastName: 'Soon', marketingConsent: true });
    const other = await login(member.email, member.password);
    const post = await createPost(t, adminToken);
    await t.request('POST', `/api/news/${post.id}/comments`, {
      token: member.sessionId,
      body: { content: 'Call me on 0400 000 000' },
    });
    await t.sql.query("update members set ac_contact_id = '42' where id = $1", [member.user.id]);

    const answer = await t.request('DELETE', '/api/auth/me', { token: member.sessionId, body: { password: member.password } });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);

    expect((await t.request('GET', '/api/auth/me', { token: member.sessionId })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: other.body.sessionId })).status).toBe(401);
    expect((await login(member.email, member.password)).status).toBe(401);
    const row = (
      await t.sql.query(
        'select email, first_name, last_name, deleted_at, ac_contact_id, date_of_birth, marketing_consent from members where id = $1',
        [member.user.id],
      )
    ).rows[0];
    expect(row.email).not.toContain(member.email.split('@')[0]);
    expect(row).toMatchObject({
      first_name: 'Deleted member',
      last_name: null,
      ac_contact_id: null,
      date_of_birth: null,
      marketing_consent: false,
      deleted_at: expect.any(Date),
    });
    const traces = await t.sql.query(
      `select (select count(*)::int from sessions where member_id = $1) as sessions,
              (select count(*)::int from news_comments where author_id = $1 and content <> '') as texts`,
      [member.user.id],
    );
    expect(traces.rows[0]).toEqual({ sessions: 0, texts: 0 });
    const comments = await t.request('GET', `/api/news/${post.id}/comments`, { token: adminToken });
    expect(comments.body).toEqual({ comments: [], nextCursor: null });
    const feed = await t.request('GET', '/api/news?limit=100', { token: adminToken });
    expect(feed.body.posts.find((p: { id: string }) => p.id === post.id).commentCount).toBe(0);
    // The ledger rows stay (append-only) with the anonymous row, and still add up.
    const ledger = await t.sql.query('select count(*)::int as n from point_transactions where member_id = $1', [member.user.id]);
    expect(ledger.rows[0].n).toBe(2);
    await expectLedgerClean(t);
    const events = await t.sql.query("select payload from outbox where type = 'MemberDeleted' and aggregate_id = $1", [
      member.user.id,
    ]);
    expect(events.rows).toEqual([{ payload: { memberId: member.user.id, acContactId: '42' } }]);
    const listed = await t.request('GET', `/api/admin/users?search=${encodeURIComponent('Deleted member')}`, {
      token: adminToken,
    });
    expect(listed.body.users).toEqual([]);
    // The emptied row can neither sign in nor ask for a reset, even by its placeholder address.
    const placeholder = (await t.sql.query('select email from members where id = $1', [member.user.id])).rows[0].email;
    await t.request('POST', '/api/auth/forgot-password', {
      body: { email: placeholder },
      headers: { 'x-forwarded-for': randomIp() },
    });
    const resets = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'PasswordResetRequested' and aggregate_id = $1",
      [member.user.id],
    );
    expect(resets.rows[0].n).toBe(0);
    // The e-mail is free again.
    expect((await registerMember(t, { email: member.email })).user.id).not.toBe(member.user.id);
  });
});
