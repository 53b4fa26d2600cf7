import { createHash, randomUUID } from 'node:crypto';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';

// Offline door mode in a venue group, through HTTP as door phones call it: tonight's door data is
// the data of the door's venue, named doors are picked among the venue's own and named in "Used
// twice", a door has its own tally, and the manager sets how old the data may get.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let sam: Awaited<ReturnType<typeof registerStaff>>;
let alex: Awaited<ReturnType<typeof registerStaff>>;
let lantern: number;
const doors = { main: '', vip: '', lantern: '' };

type Held = [string, string, string, number | null, string | null];
type Member = [string, string, string, boolean, boolean, string, string, Held[]];
interface DoorData {
  night: string;
  version: string;
  full: boolean;
  salt: string;
  timeZone: string;
  staleAfterMinutes: number;
  coupons: (string | number | null)[][];
  members: Member[];
}

const hash = (salt: string, value: string) => createHash('sha256').update(`${salt}:${value}`).digest('base64url').slice(0, 11);

async function nameDoor(name: string, venueId: number): Promise<string> {
  const made = await t.request('POST', '/api/admin/door-devices', { token: admin.sessionId, body: { name, venueId } });
  if (made.status !== 200 && made.status !== 201) throw new Error(JSON.stringify(made.body));
  return made.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  sam = await registerStaff(t, 'door', 'Sam');
  alex = await registerStaff(t, 'door', 'Alex');
  const row = await t.sql.query<{ id: number }>(
    `insert into venues (slug, name, time_zone) values ('lantern', 'Lantern Bar', 'Europe/Lisbon') returning id`,
  );
  lantern = row.rows[0]!.id;
  t.app.get(VenueDirectory).forget();
  doors.main = await nameDoor('Main door', 1);
  doors.vip = await nameDoor('VIP', 1);
  doors.lantern = await nameDoor('Garden gate', lantern);
});
afterAll(async () => {
  await t.close();
});

const data = (token: string, venueId?: number) =>
  t.request<DoorData>('GET', `/api/door/data${venueId ? `?venueId=${venueId}` : ''}`, { token });

async function heldAt(venueIds: number[], title: string) {
  const holder = await registerMember(t, { firstName: 'Jordan' });
  const coupon = await t.request('POST', '/api/admin/coupons', {
    token: admin.sessionId,
    body: { code: `C${randomUUID().slice(0, 8).toUpperCase()}`, title, description: title, type: 'free_drink', venueIds },
  });
  if (coupon.status !== 201) throw new Error(JSON.stringify(coupon.body));
  const claimed = await t.request('POST', `/api/coupons/${coupon.body.id}/claim`, { token: holder.sessionId });
  const mine = (await t.request('GET', '/api/coupons/my', { token: holder.sessionId })).body.coupons as {
    id: string;
    qrCode: string;
    shortCode: string;
  }[];
  const held = mine.find((uc) => uc.id === claimed.body.id)!;
  return { holder, held, qr: JSON.stringify({ userCouponId: held.id, token: held.qrCode }) };
}

/** The coupon entry of tonight's data a held coupon's QR token names. */
function couponOf(body: DoorData, token: string) {
  const tokenHash = hash(body.salt, token);
  const held = body.members.flatMap((member) => member[7]).find((entry) => entry[1] === tokenHash);
  return held && body.coupons.find((coupon) => coupon[0] === held[2]);
}

describe("GET /api/door/data at a venue's door", () => {
  it('sends a coupon of another venue as not usable here, in the words the online check uses', async () => {
    const { held, qr } = await heldAt([lantern], 'Lantern cocktail');
    const here = await data(sam.sessionId, 1);
    expect(here.status).toBe(200);
    const entry = couponOf(here.body, held.qrCode)!;
    expect(entry[1]).toBe('Lantern cocktail');
    expect(entry[6]).toBe('Only at Lantern Bar');
    // The online check at the same door says the same words.
    const online = await t.request('POST', '/api/door/check', {
      token: sam.sessionId,
      body: { text: qr, method: 'scan', venueId: 1 },
    });
    expect(online.body.message).toBe(entry[6]);

    const there = await data(sam.sessionId, lantern);
    expect(there.body.timeZone).toBe('Europe/Lisbon');
    expect(couponOf(there.body, held.qrCode)![6]).toBeUndefined();
    // A coupon of the whole group is usable at both.
    const group = await heldAt([], 'Group shot');
    for (const venueId of [1, lantern]) {
      const entry = couponOf((await data(sam.sessionId, venueId)).body, group.held.qrCode)!;
      expect(entry[1]).toBe('Group shot');
      expect(entry[6]).toBeUndefined();
    }
  });

  it("says a member visited tonight only at the venue whose door took their card, and a cursor of another venue's door gets a full answer", async () => {
    const member = await registerMember(t, { firstName: 'Riley' });
    const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body as { qrPayload: string };
    const visit = await t.request('POST', '/api/door/check', {
      token: sam.sessionId,
      body: { text: card.qrPayload, method: 'scan', venueId: lantern },
    });
    expect(visit.body.visit.recorded).toBe(true);
    const visitedAt = async (venueId: number) => {
      const body = (await data(sam.sessionId, venueId)).body;
      return body.members.find((entry) => entry[0] === hash(body.salt, `member:${member.user.id}`).slice(0, 8))![4];
    };
    expect(await visitedAt(lantern)).toBe(true);
    expect(await visitedAt(1)).toBe(false);

    const atLantern = await data(sam.sessionId, lantern);
    const since = await t.request<DoorData>(
      'GET',
      `/api/door/data?venueId=1&since=${encodeURIComponent(atLantern.body.version)}`,
      { token: sam.sessionId },
    );
    expect(since.body.full).toBe(true);
  });

  it('refuses a venue the account does not work at, in words', async () => {
    const door = await registerStaff(t, 'door', 'Kit');
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [door.user.id, lantern]);
    const refused = await t.request('GET', '/api/door/data?venueId=1', { token: door.sessionId });
    expect([refused.status, refused.body.message]).toEqual([403, 'This account works at Lantern Bar only']);
    expect((await data(door.sessionId)).body.timeZone).toBe('Europe/Lisbon');
  });
});

describe('GET /api/door/doors: the doors a phone picks from', () => {
  it('lists only the doors of the venue the door works at', async () => {
    const names = async (token: string, venueId?: number) =>
      (
        (await t.request('GET', `/api/door/doors${venueId ? `?venueId=${venueId}` : ''}`, { token })).body.doors as {
          name: string;
        }[]
      ).map((door) => door.name);
    expect(await names(sam.sessionId)).toEqual(['Main door', 'VIP']);
    expect(await names(sam.sessionId, lantern)).toEqual(['Garden gate']);
    const door = await registerStaff(t, 'door', 'Quinn');
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [door.user.id, lantern]);
    expect(await names(door.sessionId)).toEqual(['Garden gate']);
  });
});

describe('named doors in conflicts and tallies', () => {
  it('names both doors in "Used twice", lists it for staff, and counts each door\'s redemptions in its own tally', async () => {
    const { qr, held } = await heldAt([], 'Free entry');
    const online = await t.request('POST', '/api/door/redeem', {
      token: sam.sessionId,
      body: { text: qr, method: 'scan' },
      headers: { 'X-Door-Id': doors.main, 'X-Door-Device': 'phone-main-1' },
    });
    expect(online.status).toBe(200);
    const synced = await t.request('POST', '/api/door/sync', {
      token: alex.sessionId,
      body: { items: [{ id: randomUUID(), kind: 'redeem', at: new Date().toISOString(), text: qr, method: 'scan' }] },
      headers: { 'X-Door-Id': doors.vip, 'X-Door-Device': 'phone-vip-1' },
    });
    const [result] = synced.body.results as { outcome: string; message: string }[];
    expect(result!.outcome).toBe('conflict');
    expect(result!.message).toMatch(/^Used twice: \d\d:\d\d Main door \(Sam\), \d\d:\d\d VIP \(Alex\)$/);

    const conflicts = await t.request('GET', '/api/door/conflicts', { token: admin.sessionId });
    expect(conflicts.body.items).toContainEqual(
      expect.objectContaining({ message: result!.message, firstName: 'Jordan', userCouponId: held.id }),
    );
    // The conflict was at the first venue: its staff see it, Lantern Bar's do not.
    const ids = async (token: string, venueId?: number) =>
      (
        (await t.request('GET', `/api/door/conflicts${venueId ? `?venueId=${venueId}` : ''}`, { token })).body.items as {
          userCouponId: string;
        }[]
      ).map((item) => item.userCouponId);
    expect(await ids(admin.sessionId, 1)).toContain(held.id);
    expect(await ids(admin.sessionId, lantern)).not.toContain(held.id);
    const gate = await registerStaff(t, 'door', 'Gale');
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [gate.user.id, lantern]);
    expect(await ids(gate.sessionId)).not.toContain(held.id);
    const elsewhere = await t.request('GET', '/api/door/conflicts?venueId=1', { token: gate.sessionId });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, 'This account works at Lantern Bar only']);

    const tally = async (doorId: string) =>
      (await t.request('GET', `/api/door/tonight?doorId=${doorId}`, { token: alex.sessionId })).body.door;
    expect(await tally(doors.main)).toEqual({ name: 'Main door', redemptions: 1, cards: 0 });
    expect(await tally(doors.vip)).toEqual({ name: 'VIP', redemptions: 0, cards: 0 });
    // Another venue's door has no tally at this one.
    expect(await tally(doors.lantern)).toBeUndefined();

    // The overview's line: every named door with its tally in its venue's night, and the conflicts.
    const overview = await t.request('GET', '/api/admin/doors/tonight', { token: admin.sessionId });
    expect(overview.body.doors).toEqual([
      expect.objectContaining({ name: 'Main door', venueName: 'Nocturne', redemptions: 1, cards: 0 }),
      expect.objectContaining({ name: 'VIP', venueName: 'Nocturne', redemptions: 0, cards: 0 }),
      expect.objectContaining({ name: 'Garden gate', venueName: 'Lantern Bar', redemptions: 0, cards: 0 }),
    ]);
    expect(overview.body.conflicts).toBeGreaterThanOrEqual(1);
    expect((await t.request('GET', '/api/admin/doors/tonight', { token: sam.sessionId })).status).toBe(403);
  });
});

describe('/api/admin/door-settings', () => {
  it('sets how old the door data may get, which the door data then says; bad minutes are refused in words', async () => {
    const manager = await registerStaff(t, 'manager', 'Morgan');
    expect((await t.request('GET', '/api/admin/door-settings', { token: manager.sessionId })).body).toEqual({
      staleAfterMinutes: 30,
    });
    const set = await t.request('PUT', '/api/admin/door-settings', { token: manager.sessionId, body: { staleAfterMinutes: 45 } });
    expect([set.status, set.body]).toEqual([200, { staleAfterMinutes: 45 }]);
    expect((await data(sam.sessionId)).body.staleAfterMinutes).toBe(45);

    for (const [minutes, words] of [
      [0, 'must be at least 1 minute'],
      [241, 'must be at most 240 minutes (4 hours)'],
      [2.5, 'must be a whole number of minutes'],
    ] as const) {
      const refused = await t.request('PUT', '/api/admin/door-settings', {
        token: manager.sessionId,
        body: { staleAfterMinutes: minutes },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(words);
    }
    const byDoor = await t.request('PUT', '/api/admin/door-settings', { token: sam.sessionId, body: { staleAfterMinutes: 5 } });
    expect(byDoor.status).toBe(403);
    expect((await data(sam.sessionId)).body.staleAfterMinutes).toBe(45);
  });
});
