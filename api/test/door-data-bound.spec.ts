import { jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp, waitFor } from '@nocturne/testing';
import { DoorDataService } from '../src/modules/door/offline/door-data.service.js';
import { createCoupon } from './support/coupon-fixtures.js';

// Tonight's offline door data at a group larger than DOOR_DATA_MEMBERS_MAX (here 3): the door
// gets the members it is likeliest to meet (seen at its venue lately, a coupon claimed lately,
// joined lately), never more than the limit, and a member who changes later still reaches the door
// through its poll. Up to the limit, everyone with a card or a coupon (as door-offline.spec.ts).
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let door: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp({ DOOR_DATA_MEMBERS_MAX: '3' });
  admin = await registerAdmin(t);
  door = await registerStaff(t, 'door', 'Sam');
});
afterAll(async () => {
  await t.close();
});

interface DoorData {
  version: string;
  full: boolean;
  salt: string;
  members: [string, string, ...unknown[]][];
}
const hash = (salt: string, value: string) => createHash('sha256').update(`${salt}:${value}`).digest('base64url').slice(0, 11);
const data = async (since?: string) => {
  const answer = await t.request<DoorData>('GET', `/api/door/data${since ? `?since=${encodeURIComponent(since)}` : ''}`, {
    token: door.sessionId,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The first names of the members an answer holds, as the door shows them. */
const names = (answer: DoorData) => answer.members.map((member) => member[1]).sort();
const holds = (answer: DoorData, memberId: string) =>
  answer.members.some((member) => member[0] === hash(answer.salt, `member:${memberId}`).slice(0, 8));

/**
 * Counts the nights DoorDataService builds; the first takes its time (as a night at a group's
 * size does) until `release`, so the doors that ask meanwhile wait their turn or share it.
 */
function holdFirstNight() {
  const service = t.app.get(DoorDataService);
  const read = service.read.bind(service);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let built = 0;
  const spy = jest.spyOn(service, 'read').mockImplementation(async (...args) => {
    built += 1;
    if (built === 1) await held;
    return read(...args);
  });
  return { builds: () => built, release: () => release(), restore: () => spy.mockRestore() };
}

/**
 * A kept night's ETag holds for the rest of its minute (the door data's clock): a test that counts
 * builds starts with at least `seconds` of the minute left, so the clock cannot move under it.
 */
async function clearOfTheMinute(seconds = 15) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

it('holds at most the limit, those the door is likeliest to meet first, and a member who changes reaches it by the poll', async () => {
  const carded = [];
  for (const firstName of ['Ada', 'Bea', 'Cy', 'Dee', 'Eli']) {
    const member = await registerMember(t, { firstName });
    expect((await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).status).toBe(200);
    carded.push(member);
  }
  // Long-standing members: nobody has done anything lately.
  await t.sql.query(`update members set created_at = now() - interval '1 year'`);
  const quiet = await data();
  expect(quiet.full).toBe(true);
  expect(quiet.members).toHaveLength(3);

  const [ada, bea, cy, dee, eli] = carded as [(typeof carded)[0], ...typeof carded];
  // Bea is seen at the door tonight, Cy claims a coupon, Dee has just joined.
  const card = (await t.request('GET', '/api/auth/me/card', { token: bea!.sessionId })).body;
  expect(
    (await t.request('POST', '/api/door/check', { token: door.sessionId, body: { text: card.qrPayload, method: 'scan' } }))
      .status,
  ).toBe(200);
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', type: 'free_drink', value: null });
  expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: cy!.sessionId })).status).toBe(201);
  await t.sql.query(`update members set created_at = now() where id = $1`, [dee!.user.id]);

  // Their sign-ups and cards are an hour old by now: what a poll sees is tonight's doings alone.
  await t.sql.query(`update members set door_changed_at = now() - interval '1 hour'`);
  await t.sql.query(`update member_cards set issued_at = now() - interval '1 hour'`);
  const busy = await data();
  expect(busy.members).toHaveLength(3);
  expect(names(busy)).toEqual(['Bea', 'Cy', 'Dee']);
  expect(holds(busy, ada!.user.id)).toBe(false);

  // Eli claims after the door took its data: the next poll brings Eli, whole.
  expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: eli!.sessionId })).status).toBe(201);
  const poll = await data(busy.version);
  expect(poll.full).toBe(false);
  expect(holds(poll, eli!.user.id)).toBe(true);

  // A bulk change (every member's tier at once, as a change of the tiers' thresholds may): more
  // changed than a whole night holds, so the poll answers the whole night again, within the limit.
  await t.sql.query(`update members set member_tier = 'silver'`);
  const bulk = await data(poll.version);
  expect(bulk.full).toBe(true);
  expect(bulk.members).toHaveLength(3);
});

it('a poll brings a member whose name, tier or account changed, and not one whose points alone did', async () => {
  const [points, renamed, disabled] = await Promise.all(
    ['Fay', 'Gus', 'Hal'].map((firstName) => registerMember(t, { firstName })),
  );
  for (const member of [points!, renamed!, disabled!])
    expect((await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).status).toBe(200);
  // Everything so far (these sign-ups, the test above) an hour old: a poll sees this test's doings alone.
  await t.sql.query(`update member_cards set issued_at = now() - interval '1 hour'`);
  await t.sql.query(`update members set door_changed_at = now() - interval '1 hour'`);
  await t.sql.query(`update qr_scans set at = at - interval '1 hour'`);
  await t.sql.query(`update user_coupons set claimed_at = claimed_at - interval '1 hour'`);
  const start = await data();

  // Points move on every comment: the door's data holds no points, so the poll does not carry them.
  await t.sql.query(`update members set current_points = current_points + 5, total_points = total_points + 5 where id = $1`, [
    points!.user.id,
  ]);
  const quiet = await data(start.version);
  expect(quiet.full).toBe(false);
  expect(holds(quiet, points!.user.id)).toBe(false);

  expect(
    (await t.request('PATCH', '/api/auth/me', { token: renamed!.sessionId, body: { firstName: 'Gustav', lastName: 'Reyes' } }))
      .status,
  ).toBe(200);
  expect(
    (await t.request('POST', `/api/admin/members/${disabled!.user.id}/disable`, { token: admin.sessionId, body: {} })).status,
  ).toBeLessThan(300);
  const poll = await data(quiet.version);
  expect(poll.full).toBe(false);
  expect(holds(poll, renamed!.user.id)).toBe(true);
  expect(poll.members.find((member) => member[1] === 'Gustav')).toBeDefined();
  expect(holds(poll, disabled!.user.id)).toBe(true);
  expect(holds(poll, points!.user.id)).toBe(false);
});

it('a door that hangs up while it waits its turn for a whole night leaves the line: no night is built for it', async () => {
  const { builds, release, restore } = holdFirstNight();
  // Doors of accounts of their own (one account's doors share its night: the next test).
  const others = [];
  for (const name of ['Ira', 'Jo', 'Kit', 'Lou']) others.push(await registerStaff(t, 'door', name));
  try {
    const first = data();
    await waitFor(() => builds() === 1, { what: 'the first whole night started' });
    // Three doors ask, wait, and give up (a phone's request timed out, or it lost its signal).
    const gone = others.slice(0, 3).map((other) => {
      const request = http.get(`${t.baseUrl}/api/door/data`, {
        agent: false,
        headers: { authorization: `Bearer ${other.sessionId}` },
      });
      return {
        hangUp: () => request.destroy(),
        outcome: new Promise<string>((resolve) => {
          request.on('response', () => resolve('answered'));
          request.on('error', () => resolve('hung up'));
        }),
      };
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const door of gone) door.hangUp();
    expect(await Promise.all(gone.map((door) => door.outcome))).toEqual(['hung up', 'hung up', 'hung up']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A door still waiting gets the next turn; none was spent on the three that left.
    const last = t.request<DoorData>('GET', '/api/door/data', { token: others[3]!.sessionId }).then((answer) => answer.body);
    release();
    expect((await first).full).toBe(true);
    expect((await last).full).toBe(true);
    expect(builds()).toBe(2);
  } finally {
    restore();
  }
});

it("an account's doors opening together get one whole night, built once, and the next after a change it shows is built afresh", async () => {
  const { builds, release, restore } = holdFirstNight();
  // Something changed since the night the test above built (kept under the ETag of its versions).
  await registerMember(t, { firstName: 'Nia' });
  await clearOfTheMinute();
  try {
    // Five doors of the shared door account open at once: one night is built, all five get it.
    const opening = Promise.all(Array.from({ length: 5 }, () => data()));
    await waitFor(() => builds() === 1, { what: 'the first whole night started' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const nights = await opening;
    expect(builds()).toBe(1);
    expect(new Set(nights.map((night) => night.version)).size).toBe(1);
    expect(nights.every((night) => night.full)).toBe(true);
    // A sixth door a moment later, with nothing changed: the same night, not built again.
    expect((await data()).version).toBe(nights[0]!.version);
    expect(builds()).toBe(1);

    // A member joins (the newest activity of all, so among the door's three): the next door gets them, without a card yet.
    const newcomer = await registerMember(t, { firstName: 'Mo' });
    // Written straight to the database, as another api would: the next door still sees it.
    await t.sql.query(`update members set created_at = now() + interval '1 minute' where id = $1`, [newcomer.user.id]);
    const joined = await data();
    expect(builds()).toBe(2);
    expect(joined.members.find((member) => member[1] === 'Mo')?.[5]).toBe('');
    // They open their card (issued the first time): the next door gets a night that holds it.
    expect((await t.request('GET', '/api/auth/me/card', { token: newcomer.sessionId })).status).toBe(200);
    const carded = await data();
    expect(builds()).toBe(3);
    expect(carded.members.find((member) => member[1] === 'Mo')?.[5]).not.toBe('');

    await t.sql.query(`update members set disabled_at = now() where id = $1`, [newcomer.user.id]);
    const disabled = await data();
    expect(builds()).toBe(4);
    expect(disabled.members.find((member) => member[1] === 'Mo')?.[3]).toBe(false);
  } finally {
    restore();
  }
});

it('a card scanned again tonight changes nothing the door holds: the kept night is not built again', async () => {
  const member = await registerMember(t, { firstName: 'Ona' });
  const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
  const scan = async () =>
    expect(
      (await t.request('POST', '/api/door/check', { token: door.sessionId, body: { text: card.qrPayload, method: 'scan' } }))
        .status,
    ).toBe(200);
  const service = t.app.get(DoorDataService);
  const spy = jest.spyOn(service, 'read');
  await clearOfTheMinute();
  try {
    // The first scan tonight is a visit: the door's data says so, and is built again.
    await scan();
    const visited = await data();
    expect(visited.members.find((entry) => entry[1] === 'Ona')?.[4]).toBe(true);
    const built = spy.mock.calls.length;
    // A second scan is a line in the scan log and nothing more: the same night, as it was kept.
    await scan();
    const again = await t.request<DoorData>('GET', '/api/door/data', { token: door.sessionId });
    expect(again.body.version).toBe(visited.version);
    expect(spy.mock.calls.length).toBe(built);
  } finally {
    spy.mockRestore();
  }
});
