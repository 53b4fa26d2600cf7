import { createHash, randomUUID } from 'node:crypto';
import { registerAdmin, registerMember, registerStaff, runLedgerVerify, startTestApp, type TestApp } from '@nocturne/testing';
import { createCoupon } from './support/coupon-fixtures.js';

// Offline door mode through HTTP as a door phone calls it: tonight's door data (GET /api/door/data)
// and the batch of what a door did offline (POST /api/door/sync).
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let sam: Awaited<ReturnType<typeof registerStaff>>;
let alex: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  sam = await registerStaff(t, 'door', 'Sam');
  alex = await registerStaff(t, 'door', 'Alex');
});
afterAll(async () => {
  await t.close();
});

interface Held {
  id: string;
  qrCode: string;
  shortCode: string;
}
type Member = [
  string,
  string,
  string,
  boolean,
  boolean,
  string,
  string,
  [string, string, string, number | null, string | null][],
];
interface DoorData {
  night: string;
  version: string;
  full: boolean;
  salt: string;
  takenAt: string;
  staleAfterMinutes: number;
  coupons: [string, string, string, number | null, number | null, string][];
  members: Member[];
}

const couponQr = (held: Held) => JSON.stringify({ userCouponId: held.id, token: held.qrCode });
/** What the device computes with Web Crypto. */
const hash = (salt: string, value: string) => createHash('sha256').update(`${salt}:${value}`).digest('base64url').slice(0, 11);

async function heldCoupon(title = 'Free entry') {
  const holder = await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' });
  const coupon = await createCoupon(t, admin.sessionId, { title, type: 'free_drink', value: null });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: holder.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: holder.sessionId })).body.coupons as Held[];
  return { member: holder, coupon, held: mine.find((uc) => uc.id === claimed.body.id)! };
}

const data = (token: string, since?: string, etag?: string) =>
  t.request<DoorData>('GET', `/api/door/data${since ? `?since=${encodeURIComponent(since)}` : ''}`, {
    token,
    headers: etag ? { 'if-none-match': etag } : {},
  });

const sync = (token: string, items: Record<string, unknown>[]) => t.request('POST', '/api/door/sync', { token, body: { items } });

const redeemItem = (text: string, at: Date, id = randomUUID()) => ({
  id,
  kind: 'redeem',
  at: at.toISOString(),
  text,
  method: 'scan',
});

const scanLines = async (userCouponId: string) =>
  (
    await t.sql.query(
      `select a.first_name as staff, q.action, q.result, q.reason from qr_scans q join members a on a.id = q.admin_id
        where q.user_coupon_id = $1 order by q.id`,
      [userCouponId],
    )
  ).rows;

const redemption = async (userCouponId: string) =>
  (
    await t.sql.query(
      `select uc.redeemed_at, v.first_name as validator from user_coupons uc left join members v on v.id = uc.validated_by_id where uc.id = $1`,
      [userCouponId],
    )
  ).rows[0];

const redeemedCount = async (couponId: string) =>
  (await t.sql.query('select redeemed_count from coupons where id = $1', [couponId])).rows[0].redeemed_count;

describe("GET /api/door/data: tonight's door data", () => {
  it("holds a claimed coupon's short code and QR token only as hashes under the night's salt, with what the verdict shows", async () => {
    const { held, coupon } = await heldCoupon('Free drink');
    const answer = await data(sam.sessionId);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.full).toBe(true);
    expect(body.staleAfterMinutes).toBe(30);
    const code = held.shortCode.replace(/-/g, '');
    const jordan = body.members.find((member) => member[7].some((h) => h[0] === hash(body.salt, code)));
    expect(jordan).toBeDefined();
    const [, firstName, tier, active, , , , coupons] = jordan!;
    expect([firstName, tier, active]).toEqual(['Jordan', 'bronze', true]);
    const entry = coupons.find((h) => h[0] === hash(body.salt, code))!;
    expect(entry[1]).toBe(hash(body.salt, held.qrCode));
    expect(entry[3]).toBeNull();
    const [, title, type, , , state] = body.coupons.find((c) => c[0] === entry[2])!;
    expect([title, type, state]).toEqual(['Free drink', 'free_drink', 'active']);
    expect(coupon.id.startsWith(entry[2])).toBe(true);
    // Nothing in it names the code, the token, the member's last name or id.
    const text = JSON.stringify(body);
    for (const secret of [code, held.qrCode, 'Blake', held.id]) expect(text).not.toContain(secret);
  });

  it("uses another salt for another door account: one account's data cannot be matched with another's", async () => {
    const [mine, theirs] = await Promise.all([data(sam.sessionId), data(alex.sessionId)]);
    expect(mine.body.salt).not.toBe(theirs.body.salt);
  });

  it('answers 304 to a poll with its ETag while nothing changed, and only what changed since its version', async () => {
    const first = await data(sam.sessionId);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await data(sam.sessionId, undefined, etag)).status).toBe(304);

    const { held, member } = await heldCoupon('Late entry');
    expect((await data(sam.sessionId, undefined, etag)).status).toBe(200);
    const since = await data(sam.sessionId, first.body.version);
    expect(since.status).toBe(200);
    expect(since.body.full).toBe(false);
    const code = hash(since.body.salt, held.shortCode.replace(/-/g, ''));
    expect(since.body.members.some((m) => m[7].some((h) => h[0] === code))).toBe(true);

    // Disabled: the member's entry comes again, inactive and with no coupons.
    expect((await t.request('POST', `/api/admin/members/${member.user.id}/disable`, { token: admin.sessionId })).status).toBe(
      200,
    );
    const later = await data(sam.sessionId, since.body.version);
    const entry = later.body.members.find((m) => m[1] === 'Jordan' && m[7].length === 0 && m[3] === false);
    expect(entry).toBeDefined();
    expect(later.body.members.some((m) => m[7].some((h) => h[0] === code))).toBe(false);
  });

  it('gives the whole night for a cursor it cannot follow', async () => {
    const answer = await data(sam.sessionId, 'nonsense');
    expect(answer.status).toBe(200);
    expect(answer.body.full).toBe(true);
  });

  it('is for door staff: a member is refused', async () => {
    const member = await registerMember(t);
    expect((await data(member.sessionId)).status).toBe(403);
  });
});

describe('POST /api/door/sync: what a door did offline', () => {
  it('redeems once however often the batch is sent, dated by the device', async () => {
    const { held, coupon } = await heldCoupon();
    const at = new Date(Date.now() - 90_000);
    const items = [redeemItem(couponQr(held), at)];
    const first = await sync(sam.sessionId, items);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { id: items[0]!.id, outcome: 'done', message: 'Redeemed: Free entry for Jordan', userCouponId: held.id },
    ]);
    const again = await sync(sam.sessionId, items);
    expect(again.body).toEqual(first.body);
    expect(await redeemedCount(coupon.id)).toBe(1);
    expect(await scanLines(held.id)).toEqual([
      { staff: 'Sam', action: 'redeem', result: 'accepted', reason: 'Redeemed: Free entry for Jordan' },
    ]);
    expect(new Date((await redemption(held.id)).redeemed_at).getTime()).toBe(at.getTime());
  });

  it('two doors offline redeem one coupon: the first by time wins, the other is a conflict naming both; both lines logged', async () => {
    const { held, coupon } = await heldCoupon();
    const early = new Date(Date.now() - 120_000);
    const late = new Date(Date.now() - 60_000);
    // The later door (Alex) syncs first; Sam's earlier redemption arrives after.
    const alexSays = await sync(alex.sessionId, [redeemItem(couponQr(held), late)]);
    expect(alexSays.body.results[0]).toMatchObject({ outcome: 'done' });
    const samSays = await sync(sam.sessionId, [redeemItem(held.shortCode, early)]);
    const conflict = samSays.body.results[0];
    expect(conflict.outcome).toBe('conflict');
    expect(conflict.message).toMatch(/^Used twice: \d{2}:\d{2} \(Sam\), \d{2}:\d{2} \(Alex\)$/);
    // The coupon records the first by time: Sam's.
    const stands = await redemption(held.id);
    expect(stands.validator).toBe('Sam');
    expect(new Date(stands.redeemed_at).getTime()).toBe(early.getTime());
    expect(await redeemedCount(coupon.id)).toBe(1);
    const lines = await scanLines(held.id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ staff: 'Alex', result: 'accepted' });
    expect(lines[1]).toMatchObject({ staff: 'Sam', result: 'rejected', reason: conflict.message });
    // Staff read it among tonight's conflicts.
    const conflicts = await t.request('GET', '/api/door/conflicts', { token: alex.sessionId });
    expect(conflicts.status).toBe(200);
    expect(conflicts.body.items).toContainEqual(
      expect.objectContaining({ message: conflict.message, firstName: 'Jordan', userCouponId: held.id }),
    );
    await runLedgerVerify(t);
  });

  it('a coupon redeemed online meanwhile: the offline door is told it was used twice', async () => {
    const { held } = await heldCoupon();
    const offlineAt = new Date(Date.now() - 30_000);
    expect(
      (await t.request('POST', '/api/door/redeem', { token: alex.sessionId, body: { text: couponQr(held), method: 'scan' } }))
        .status,
    ).toBe(200);
    const answer = await sync(sam.sessionId, [redeemItem(couponQr(held), offlineAt)]);
    expect(answer.body.results[0].outcome).toBe('conflict');
    expect(answer.body.results[0].message).toMatch(/^Used twice: \d{2}:\d{2} \(Sam\), \d{2}:\d{2} \(Alex\)$/);
  });

  it('a member disabled after the door took its data is refused at sync and listed as a conflict', async () => {
    const { held, member } = await heldCoupon();
    const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
    expect((await t.request('POST', `/api/admin/members/${member.user.id}/disable`, { token: admin.sessionId })).status).toBe(
      200,
    );
    const at = new Date(Date.now() - 10_000);
    const visit = { id: randomUUID(), kind: 'visit', at: at.toISOString(), text: card.qrPayload, method: 'scan' };
    const answer = await sync(sam.sessionId, [redeemItem(couponQr(held), at), visit]);
    expect(answer.body.results.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ['conflict', 'Member account disabled'],
      ['conflict', 'Member account disabled'],
    ]);
    expect(await redemption(held.id)).toMatchObject({ redeemed_at: null });
    const conflicts = await t.request('GET', '/api/door/conflicts', { token: sam.sessionId });
    expect(
      conflicts.body.items.filter((c: { message: string; firstName: string }) => c.message === 'Member account disabled'),
    ).not.toHaveLength(0);
  });

  it("a card's visit pays its points once a night, however many doors queued it", async () => {
    const member = await registerMember(t, { firstName: 'Robin' });
    const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
    const at = new Date(Date.now() - 5_000);
    const visit = () => ({ id: randomUUID(), kind: 'visit', at: at.toISOString(), text: card.qrPayload, method: 'scan' });
    const first = await sync(sam.sessionId, [visit()]);
    expect(first.body.results[0]).toMatchObject({
      outcome: 'done',
      message: expect.stringMatching(/^Welcome, Robin: visit recorded/),
    });
    const second = await sync(alex.sessionId, [visit()]);
    expect(second.body.results[0]).toMatchObject({ outcome: 'done', message: 'Already here tonight' });
    const { rows } = await t.sql.query(
      `select count(*)::int as n from point_transactions where member_id = $1 and kind = 'visit'`,
      [member.user.id],
    );
    expect(rows[0].n).toBe(1);
    await runLedgerVerify(t);
  });

  it('refuses a batch that is not one, in words', async () => {
    const answer = await sync(sam.sessionId, [{ id: 'x', kind: 'redeem', at: 'yesterday', text: '', method: 'scan' }]);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/must/);
  });
});
