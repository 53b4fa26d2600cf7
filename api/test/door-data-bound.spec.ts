import { createHash } from 'node:crypto';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
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
  await t.sql.query(`update members set updated_at = now() - interval '1 hour'`);
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

  // A bulk change (every account touched at once, as a nightly job may): more changed than a
  // whole night holds, so the poll answers the whole night again, still within the limit.
  await t.sql.query(`update members set updated_at = now()`);
  const bulk = await data(poll.version);
  expect(bulk.full).toBe(true);
  expect(bulk.members).toHaveLength(3);
});
