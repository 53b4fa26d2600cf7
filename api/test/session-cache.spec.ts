import { jest } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { createCoupon, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { ResourceVersions } from '../src/infrastructure/versions/resource-versions.js';
import { AuthRepository, liveSessionQuery } from '../src/modules/auth/auth.repository.js';
import { SessionService } from '../src/modules/auth/session.service.js';

// Every signed-in request resolves its session; a kept session saves it a statement and a wait for
// a pooled connection. On a busy night some change lands during nearly every session read, and
// only a change to the member's own scopes may keep their session from being kept.
let t: TestApp;
let sessions: SessionService;
let versions: ResourceVersions;
let repository: AuthRepository;

beforeAll(async () => {
  t = await startTestApp();
  sessions = t.app.get(SessionService);
  versions = t.app.get(ResourceVersions);
  repository = t.app.get(AuthRepository);
  expect(await versions.whenReady()).toBe(true);
});
afterAll(async () => {
  await t.close();
});

/** Session reads that reach the database while `work` runs, each with `during` applied as the row comes back. */
async function lookupsWhile(during: () => void, work: () => Promise<unknown>): Promise<number> {
  const original = repository.findLiveSession.bind(repository);
  let lookups = 0;
  const spy = jest.spyOn(repository, 'findLiveSession').mockImplementation(async (...args) => {
    lookups += 1;
    const row = await original(...args);
    during();
    return row;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lookups;
}

const bump = (scope: string) => versions.noteChange(Number(versions.version(scope)) + 1, [scope]);

it("keeps a session read while other members' changes land, and reads it again after its own member changes", async () => {
  const [member, other] = [await registerMember(t), await registerMember(t)];
  const resolveTwice = async () => {
    expect((await sessions.resolve(member.sessionId))?.id).toBe(member.user.id);
    expect((await sessions.resolve(member.sessionId))?.id).toBe(member.user.id);
  };
  // Another member's points change during the read: the row read is this member's as it is, so it is kept.
  expect(await lookupsWhile(() => bump(`account:${other.user.id}`), resolveTwice)).toBe(1);
  // A change to this member's row lands: the kept session is dropped and read again once.
  bump(`account:${member.user.id}`);
  expect(await lookupsWhile(() => undefined, resolveTwice)).toBe(1);
  // This member's own change lands during the read: the row may predate it, so it is not kept.
  bump(`account:${member.user.id}`);
  expect(await lookupsWhile(() => bump(`session:${member.user.id}`), resolveTwice)).toBe(2);
});

it("keeps a member's session through their own claims, redemptions and staff's points, and shows their points fresh", async () => {
  const admin = await registerAdmin(t);
  const member = await registerMember(t);
  const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 10 });
  const me = async () => {
    const answer = await t.request<{ currentPoints: number; memberTier: string }>('GET', '/api/auth/me', {
      token: member.sessionId,
    });
    expect(answer.status).toBe(200);
    return answer.body.currentPoints;
  };
  const before = await me();
  let afterClaim = 0;
  let afterAdjustment = 0;
  // Spending and earning change the member's points, not what their session is made of: no session
  // is read again for any of it, and every answer shows the balance as it is.
  const spendRedeemEarn = async () => {
    const claimed = await t.request<{ id: string }>('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
    expect(claimed.status).toBe(201);
    afterClaim = await me();
    expect((await t.request('POST', `/api/coupons/redeem/${claimed.body.id}`, { token: member.sessionId })).status).toBe(200);
    expect(await me()).toBe(afterClaim);
    const adjusted = await t.request('POST', `/api/admin/members/${member.user.id}/points-adjustments`, {
      token: admin.sessionId,
      body: { points: 25, reason: 'Session check', countsTowardTier: false },
    });
    expect(adjusted.status).toBe(201);
    afterAdjustment = await me();
  };
  expect(await lookupsWhile(() => undefined, spendRedeemEarn)).toBe(0);
  expect(afterClaim).toBe(before - 10);
  expect(afterAdjustment).toBe(before + 15);
});

it('reads a session again when its member is renamed elsewhere, not when only their points move', async () => {
  const member = await registerMember(t);
  const me = () => t.request<{ firstName: string; currentPoints: number }>('GET', '/api/auth/me', { token: member.sessionId });
  const first = await me();
  expect(first.status).toBe(200);
  /** Changes the member's row as another replica or a script would (no call into this api), and waits for its notification. */
  const changeElsewhere = async (set: string) => {
    const scope = `member:${member.user.id}`;
    const seen = versions.version(scope);
    await t.sql.query(`update members set ${set} where id = $1`, [member.user.id]);
    const deadline = Date.now() + 5_000;
    while (versions.version(scope) === seen) {
      if (Date.now() > deadline) throw new Error(`no notification for ${scope}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  let points = 0;
  expect(
    await lookupsWhile(
      () => undefined,
      async () => {
        await changeElsewhere('current_points = current_points + 7');
        points = (await me()).body.currentPoints;
      },
    ),
  ).toBe(0);
  expect(points).toBe(first.body.currentPoints + 7);
  let name = '';
  expect(
    await lookupsWhile(
      () => undefined,
      async () => {
        await changeElsewhere(`first_name = 'Renamed'`);
        name = (await me()).body.firstName;
      },
    ),
  ).toBe(1);
  expect(name).toBe('Renamed');
});

/** An update of each members column that changes its value (the row's other columns as they are). */
const CHANGES: Record<string, string> = {
  email: `email = 'renamed.' || email`,
  first_name: `first_name = first_name || 'x'`,
  last_name: `last_name = coalesce(last_name, '') || 'x'`,
  role: `role = case when role = 'member' then 'door' else 'member' end`,
  created_at: `created_at = created_at - interval '1 day'`,
  disabled_at: `disabled_at = coalesce(disabled_at - interval '1 day', now())`,
  current_points: `current_points = current_points + 5`,
  total_points: `total_points = total_points + 5`,
  member_tier: `member_tier = case when member_tier = 'gold' then 'silver' else 'gold' end`,
  last_sign_in_at: `last_sign_in_at = now()`,
};

// The session cache keeps a member for as long as `account:<id>` stands still, so every members
// column the session query reads must move it, and points and tier (which move all night) must not.
it('moves account:<id> for every members column a session is made of, and for no change of points or tier', async () => {
  const member = await registerMember(t);
  const statement = liveSessionQuery(db(t.app.get(EntityManager)), 'hash', 1, 1).compile().sql;
  const read = [...new Set([...statement.matchAll(/"m"\."(\w+)"/g)].map((match) => match[1]!))].filter(
    (column) => column !== 'id',
  );
  expect(read.filter((column) => !(column in CHANGES))).toEqual([]);
  const scopesAfter = async (set: string) => {
    const client = await t.sql.connect();
    try {
      await client.query('begin');
      await client.query(`update members set ${set} where id = $1`, [member.user.id]);
      const { rows } = await client.query<{ scopes: string }>(
        `select coalesce(current_setting('nocturne.changed_scopes', true), '') as scopes`,
      );
      return rows[0]!.scopes.split(' ');
    } finally {
      await client.query('rollback');
      client.release();
    }
  };
  for (const column of read) {
    const scopes = await scopesAfter(CHANGES[column]!);
    expect({ column, account: scopes.includes(`account:${member.user.id}`) }).toEqual({ column, account: true });
  }
  for (const column of ['current_points', 'total_points', 'member_tier', 'last_sign_in_at']) {
    expect(read).not.toContain(column);
    const scopes = await scopesAfter(CHANGES[column]!);
    expect({
      column,
      member: scopes.includes(`member:${member.user.id}`),
      account: scopes.includes(`account:${member.user.id}`),
    }).toEqual({
      column,
      member: true,
      account: false,
    });
  }
});
