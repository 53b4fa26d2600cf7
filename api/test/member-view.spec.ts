import { ACCOUNT_DISABLED, NO_SELF_ADJUSTMENT } from '@nocturne/domain';
import {
  GOOD_PASSWORD,
  randomIp,
  registerAdmin,
  registerMember,
  registerStaff,
  runLedgerVerify,
  startTestApp,
  type TestApp,
} from '@nocturne/testing';
import { createHash, randomUUID } from 'node:crypto';
import { createCoupon } from './support/coupon-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => t.request(method, path, { token: admin.sessionId, body });
const view = (id: string, query = '') => asAdmin('GET', `/api/admin/members/${id}${query}`);
const adjust = (id: string, body: unknown) => asAdmin('POST', `/api/admin/members/${id}/points-adjustments`, body);
const signIn = (email: string, password = GOOD_PASSWORD) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': randomIp() } });

/** Waits until `count` other connections wait for a row lock. */
async function waitForLockWaiters(count: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await t.sql.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} requests never waited for the locks`);
}

describe('who may use the member routes', () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', `/api/admin/members/${id}`],
    ['POST', `/api/admin/members/${id}/points-adjustments`, { points: 5, reason: 'Birthday', countsTowardTier: true }],
    ['POST', `/api/admin/members/${id}/password-reset`],
    ['POST', `/api/admin/members/${id}/disable`],
    ['POST', `/api/admin/members/${id}/enable`],
  ];

  it('refuses anonymous callers (401) and members (403), and says 404 for no such member', async () => {
    const member = await registerMember(t);
    for (const [method, path, body] of routes(member.user.id)) {
      expect([method, path, (await t.request(method, path, { body })).status]).toEqual([method, path, 401]);
      expect([method, path, (await t.request(method, path, { body, token: member.sessionId })).status]).toEqual([
        method,
        path,
        403,
      ]);
    }
    for (const [method, path, body] of routes(randomUUID())) {
      const answer = await asAdmin(method, path, body);
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, 'Member not found']);
    }
    // Nothing changed for the member while they were refused.
    expect((await view(member.user.id)).body.member).toMatchObject({ currentPoints: 20, disabledAt: null });
  });
});

describe('GET /api/admin/members/{id}', () => {
  it('shows the profile, points history, coupons with their states and door scans', async () => {
    const member = await registerMember(t, { firstName: 'Odette', lastName: 'Marsh' });
    const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', code: `ENTRY-${Date.now()}` });
    const paused = await createCoupon(t, admin.sessionId, { title: 'Late drink' });
    const claim = async (couponId: string) =>
      (await t.request('POST', `/api/coupons/${couponId}/claim`, { token: member.sessionId })).body.id as string;
    const redeemedId = await claim(coupon.id);
    const pausedId = await claim(paused.id);
    await asAdmin('PATCH', `/api/admin/coupons/${paused.id}`, { isActive: false });
    const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as {
      id: string;
      qrCode: string;
    }[];
    const held = mine.find((uc) => uc.id === redeemedId)!;
    const redeem = await asAdmin('POST', '/api/door/redeem', {
      text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }),
      method: 'scan',
    });
    expect(redeem.status).toBe(200);

    const answer = await view(member.user.id);
    expect(answer.status).toBe(200);
    expect(answer.body.member).toMatchObject({
      id: member.user.id,
      email: member.email,
      firstName: 'Odette',
      lastName: 'Marsh',
      role: 'member',
      isAdmin: false,
      currentPoints: 20,
      totalPoints: 20,
      memberTier: 'bronze',
      disabledAt: null,
      disabledBy: null,
    });
    expect(answer.body.member.lastSignInAt).toEqual(expect.any(String));
    expect(answer.body.pointsHistory).toEqual({
      total: 1,
      entries: [expect.objectContaining({ kind: 'welcome_bonus', points: 20, recordedBy: null })],
    });
    expect(answer.body.coupons.total).toBe(2);
    const states = Object.fromEntries(answer.body.coupons.entries.map((c: { id: string; state: string }) => [c.id, c.state]));
    expect(states).toEqual({ [redeemedId]: 'redeemed', [pausedId]: 'paused' });
    expect(answer.body.scans).toEqual([
      expect.objectContaining({ action: 'redeem', result: 'accepted', couponCode: coupon.code, staffName: 'Alex Reyes' }),
    ]);
    expect(JSON.stringify(answer.body)).not.toMatch(/scrypt|password_hash|qrCode/i);

    // An undone redemption puts the coupon back to claimed and says when it was undone.
    expect((await asAdmin('POST', `/api/admin/redemptions/${redeemedId}/undo`)).status).toBe(200);
    const undone = (await view(member.user.id)).body.coupons.entries.find((c: { id: string }) => c.id === redeemedId);
    expect(undone).toMatchObject({ state: 'claimed', redeemedAt: null, redemptionUndoneAt: expect.any(String) });
  });

  it('caps the history at ?history= newest rows and says how many there are', async () => {
    const member = await registerMember(t);
    for (const reason of ['One', 'Two', 'Three'])
      expect((await adjust(member.user.id, { points: 1, reason, countsTowardTier: true })).status).toBe(201);
    const capped = await view(member.user.id, '?history=2');
    expect(capped.body.pointsHistory.total).toBe(4);
    expect(capped.body.pointsHistory.entries.map((e: { description: string }) => e.description)).toEqual([
      'Staff adjustment: Three (counts toward tier)',
      'Staff adjustment: Two (counts toward tier)',
    ]);
    expect((await view(member.user.id, '?history=0')).status).toBe(400);
  });
});

describe('POST /api/admin/members/{id}/points-adjustments', () => {
  it('adds points with the reason and the admin on the ledger row; the member sees it in their history', async () => {
    const member = await registerMember(t);
    const answer = await adjust(member.user.id, { points: 90, reason: '  Birthday bonus  ', countsTowardTier: true });
    expect(answer.status).toBe(201);
    // Added points count as earned: 20 + 90 reaches silver (100).
    expect(answer.body).toMatchObject({ success: true, currentPoints: 110, totalPoints: 110, memberTier: 'silver' });
    const rows = await t.sql.query(
      "select points, description, recorded_by_id from point_transactions where member_id = $1 and kind = 'adjustment'",
      [member.user.id],
    );
    expect(rows.rows).toEqual([
      { points: 90, description: 'Staff adjustment: Birthday bonus (counts toward tier)', recorded_by_id: admin.user.id },
    ]);
    const history = await t.request('GET', '/api/points/history', { token: member.sessionId });
    expect(history.body[0]).toMatchObject({ description: 'Staff adjustment: Birthday bonus (counts toward tier)', points: 90 });
    const shown = (await view(member.user.id)).body.pointsHistory.entries[0];
    expect(shown).toMatchObject({ kind: 'adjustment', recordedBy: { id: admin.user.id, name: 'Alex Reyes' } });
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match/m);
  });

  it('takes points from the balance only (total earned and tier stay), down to zero and never below', async () => {
    const member = await registerMember(t, { firstName: 'Pascal' });
    const taken = await adjust(member.user.id, { points: -15, reason: 'Duplicate reward', countsTowardTier: false });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ currentPoints: 5, totalPoints: 20, memberTier: 'bronze' });
    const tooMany = await adjust(member.user.id, { points: -6, reason: 'Too much', countsTowardTier: false });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      "Pascal's balance is 5 points, so 6 points cannot be taken: a balance never goes below zero.",
    );
    expect((await adjust(member.user.id, { points: -5, reason: 'All of it', countsTowardTier: false })).body.currentPoints).toBe(
      0,
    );
    const rows = await t.sql.query(
      "select count(*)::int as n from point_transactions where member_id = $1 and kind = 'adjustment'",
      [member.user.id],
    );
    expect(rows.rows[0].n).toBe(2);
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match/m);
  });

  it('needs a reason and a non-zero whole number of points within bounds', async () => {
    const member = await registerMember(t);
    for (const body of [
      { points: 5, countsTowardTier: true },
      { points: 5, reason: '   ', countsTowardTier: true },
      { points: 0, reason: 'Nothing', countsTowardTier: true },
      { points: 2.5, reason: 'Half', countsTowardTier: true },
      { points: 10_001, reason: 'Typo', countsTowardTier: true },
      { points: -10_001, reason: 'Typo', countsTowardTier: true },
      { points: '5', reason: 'Text', countsTowardTier: true },
      { points: 5, reason: 'No tier choice' },
    ]) {
      const answer = await adjust(member.user.id, body);
      expect([body, answer.status]).toEqual([body, 400]);
    }
    const missing = await adjust(member.user.id, { points: 5, reason: '', countsTowardTier: true });
    expect(missing.body.issues).toEqual([{ path: 'reason', message: 'must not be empty' }]);
    expect((await view(member.user.id)).body.member.currentPoints).toBe(20);
  });

  // Security review L5: an adjustment raised the tier for good, an admin's own account included.
  it('adds points to the balance only when the adjuster says so: total earned and tier stay, the history says which', async () => {
    const member = await registerMember(t);
    const answer = await adjust(member.user.id, { points: 500, reason: 'Refund of a double claim', countsTowardTier: false });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ currentPoints: 520, totalPoints: 20, memberTier: 'bronze' });
    const history = await t.request('GET', '/api/points/history', { token: member.sessionId });
    expect(history.body[0]).toMatchObject({
      description: 'Staff adjustment: Refund of a double claim (balance only, not toward tier)',
      points: 500,
    });
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match/m);
  });

  it('refuses staff adjusting their own account, with words, and changes nothing', async () => {
    const before = (await view(admin.user.id)).body.member.currentPoints;
    const own = await adjust(admin.user.id, { points: 1000, reason: 'Mine', countsTowardTier: true });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(NO_SELF_ADJUSTMENT);
    expect((await view(admin.user.id)).body.member.currentPoints).toBe(before);
  });
});

describe('POST /api/admin/members/{id}/password-reset', () => {
  it('sends the forgot-password e-mail, a few times an hour at most', async () => {
    const member = await registerMember(t);
    const send = () => asAdmin('POST', `/api/admin/members/${member.user.id}/password-reset`);
    const answer = await send();
    expect(answer.status).toBe(202);
    expect(answer.body.message).toBe(`A password reset link is on its way to ${member.email}.`);
    const events = await t.sql.query("select 1 from outbox where type = 'PasswordResetRequested' and aggregate_id = $1", [
      member.user.id,
    ]);
    expect(events.rowCount).toBe(1);
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    const fourth = await send();
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('disabling and enabling an account', () => {
  it('ends every session at once, refuses sign-in with a clear message, and lets the member back in when enabled', async () => {
    const member = await registerMember(t, { firstName: 'Wilhelmina' });
    const other = (await signIn(member.email)).body.sessionId as string;
    // Both sessions are in use (and cached) before the disable.
    for (const token of [member.sessionId, other]) expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    const me = await t.request('GET', '/api/auth/me', { token: member.sessionId });
    const etag = me.headers.get('etag')!;

    const disabled = await asAdmin('POST', `/api/admin/members/${member.user.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.message).toBe("Wilhelmina's account is disabled and signed out everywhere.");
    for (const token of [member.sessionId, other]) {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
      // Not even a 304 from a cached session.
      expect((await t.request('GET', '/api/auth/me', { token, headers: { 'if-none-match': etag } })).status).toBe(401);
    }
    const refused = await signIn(member.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DISABLED);
    // A wrong password still says only that: the account's state is told to whoever knows the password.
    expect((await signIn(member.email, 'not-the-password')).status).toBe(401);

    const shown = (await view(member.user.id)).body.member;
    expect(shown).toMatchObject({ disabledAt: expect.any(String), disabledBy: { id: admin.user.id, name: 'Alex Reyes' } });
    const table = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(member.email)}`);
    expect(table.body.users[0].disabledAt).toEqual(shown.disabledAt);
    expect((await asAdmin('POST', `/api/admin/members/${member.user.id}/disable`)).body.message).toBe(
      "Wilhelmina's account is already disabled.",
    );

    const enabled = await asAdmin('POST', `/api/admin/members/${member.user.id}/enable`);
    expect(enabled.status).toBe(200);
    expect((await view(member.user.id)).body.member).toMatchObject({ disabledAt: null, disabledBy: null });
    // Sessions ended by the disable stay ended; signing in works again.
    expect((await t.request('GET', '/api/auth/me', { token: other })).status).toBe(401);
    const back = await signIn(member.email);
    expect(back.status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: back.body.sessionId })).status).toBe(200);
    const events = await t.sql.query('select type, payload from outbox where aggregate_id = $1 and type like $2 order by id', [
      member.user.id,
      'MemberE%abled',
    ]);
    expect(events.rows.map((row) => row.type)).toEqual(['MemberEnabled']);
    const audit = await t.sql.query("select payload from outbox where aggregate_id = $1 and type = 'MemberDisabled'", [
      member.user.id,
    ]);
    expect(audit.rows).toEqual([{ payload: { memberId: member.user.id, adminId: admin.user.id } }]);
  });

  it('does not reopen a disabled account through a password reset', async () => {
    const member = await registerMember(t);
    await asAdmin('POST', `/api/admin/members/${member.user.id}/disable`);
    const reset = await asAdmin('POST', `/api/admin/members/${member.user.id}/password-reset`);
    expect(reset.body.message).toContain('The account stays disabled until you enable it.');
    // The reset link's token, as the worker would have stored it.
    const token = `reset-${randomUUID()}`;
    await t.sql.query(
      "insert into password_reset_tokens (member_id, request_id, token_hash, expires_at) values ($1, gen_random_uuid(), $2, now() + interval '1 hour')",
      [member.user.id, createHash('sha256').update(token).digest('hex')],
    );
    const password = 'a-brand-new-secret';
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password } })).status).toBe(200);
    const refused = await signIn(member.email, password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DISABLED);
  });

  it('never lets an admin disable themselves', async () => {
    const self = await asAdmin('POST', `/api/admin/members/${admin.user.id}/disable`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot disable your own account.');
    expect((await t.request('GET', '/api/auth/me', { token: admin.sessionId })).status).toBe(200);
  });

  it('lets a manager disable and enable members, and only admins disable or enable staff', async () => {
    const manager = await registerStaff(t, 'manager', 'Morgan');
    const door = await registerStaff(t, 'door', 'Sam');
    const member = await registerMember(t);
    const asManager = (path: string) => t.request('POST', path, { token: manager.sessionId });
    expect((await asManager(`/api/admin/members/${member.user.id}/disable`)).status).toBe(200);
    expect((await asManager(`/api/admin/members/${member.user.id}/enable`)).status).toBe(200);
    for (const staff of [door, admin]) {
      const refused = await asManager(`/api/admin/members/${staff.user.id}/disable`);
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 403,
        message: 'Only an admin can disable or enable a staff account.',
      });
    }
    expect((await t.request('GET', '/api/auth/me', { token: door.sessionId })).status).toBe(200);
    expect((await asAdmin('POST', `/api/admin/members/${door.user.id}/disable`)).status).toBe(200);
    const enable = await asManager(`/api/admin/members/${door.user.id}/enable`);
    expect(enable.status).toBe(403);
    expect((await asAdmin('POST', `/api/admin/members/${door.user.id}/enable`)).status).toBe(200);
  });

  it('of two admins disabling each other at once, with a third admin left, lets exactly one through', async () => {
    const a = await registerAdmin(t);
    const b = await registerAdmin(t);
    // Both requests pass the sign-in check, then wait on the admins' locks this transaction holds.
    const holder = await t.sql.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from members where role = 'admin' and disabled_at is null order by id for update`);
      const answers = Promise.all([
        t.request('POST', `/api/admin/members/${b.user.id}/disable`, { token: a.sessionId }),
        t.request('POST', `/api/admin/members/${a.user.id}/disable`, { token: b.sessionId }),
      ]);
      await waitForLockWaiters(2);
      await holder.query('commit');
      const refused = (await answers).filter((answer) => answer.status !== 200);
      expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual([
        [403, 'Your account was disabled or its role changed meanwhile: nothing was changed. Sign in again.'],
      ]);
    } finally {
      holder.release();
    }
    const { rows } = await t.sql.query(`select count(*)::int as n from members where id = any($1) and disabled_at is null`, [
      [a.user.id, b.user.id],
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses to disable the last enabled admin', async () => {
    // Two admins disabling each other at once: the second finds the first disabled and stops at the last admin.
    const other = await registerAdmin(t);
    await t.sql.query(`update members set disabled_at = now() where role = 'admin' and id <> all($1)`, [
      [admin.user.id, other.user.id],
    ]);
    const answers = await Promise.all([
      t.request('POST', `/api/admin/members/${other.user.id}/disable`, { token: admin.sessionId }),
      t.request('POST', `/api/admin/members/${admin.user.id}/disable`, { token: other.sessionId }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort((a, b) => a - b);
    // One wins; the other meets the last-admin rule, finds its own session ended, or finds itself no admin any more.
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const enabledAdmins = await t.sql.query(
      `select count(*)::int as n from members where role = 'admin' and disabled_at is null`,
    );
    expect(enabledAdmins.rows[0].n).toBe(1);
  });
});
