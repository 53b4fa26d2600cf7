import { jest } from '@jest/globals';
import { createCoupon, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { ResourceVersions } from '../src/infrastructure/versions/resource-versions.js';
import { AuthRepository } from '../src/modules/auth/auth.repository.js';
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

it("keeps a member's session through their own redemption, and reads it again once staff change their points", async () => {
  const admin = await registerAdmin(t);
  const member = await registerMember(t);
  const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 10 });
  const claimed = await t.request<{ id: string }>('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
  expect(claimed.status).toBe(201);
  const me = async () => {
    const answer = await t.request<{ currentPoints: number }>('GET', '/api/auth/me', { token: member.sessionId });
    expect(answer.status).toBe(200);
    return answer.body.currentPoints;
  };
  // The claim spent points (the member's row): the session is read again once, and kept.
  const before = await me();
  // Redeeming changes the member's coupons, not their row: no session is read for it or after it.
  const redeemThenLook = async () => {
    expect((await t.request('POST', `/api/coupons/redeem/${claimed.body.id}`, { token: member.sessionId })).status).toBe(200);
    expect(await me()).toBe(before);
  };
  expect(await lookupsWhile(() => undefined, redeemThenLook)).toBe(0);
  // Staff add points: the member's next request reads the session again and shows the new balance.
  const adjusted = await t.request('POST', `/api/admin/members/${member.user.id}/points-adjustments`, {
    token: admin.sessionId,
    body: { points: 25, reason: 'Session check', countsTowardTier: false },
  });
  expect(adjusted.status).toBe(201);
  let after = 0;
  expect(
    await lookupsWhile(
      () => undefined,
      async () => {
        after = await me();
      },
    ),
  ).toBe(1);
  expect(after).toBe(before + 25);
});
