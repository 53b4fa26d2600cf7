import { randomUUID } from 'node:crypto';
import { createRedisConnection, type RedisClient } from '@nocturne/queues';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { createCoupon } from './support/coupon-fixtures.js';

// Door phones: wrong typed codes slow the phone that typed them, not the shared door account; a
// manager sees and lifts a phone's wait. Through HTTP, as door mode sends its phone's id.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let redis: RedisClient;

beforeAll(async () => {
  t = await startTestApp();
  redis = createRedisConnection(t.config.REDIS_URL, 'producer', 'door-devices-test');
  admin = await registerAdmin(t);
  manager = await registerStaff(t, 'manager', 'Morgan');
});
afterAll(async () => {
  redis.disconnect();
  await t.close();
});

interface Held {
  id: string;
  qrCode: string;
  shortCode: string;
}

const phone = () => `phone-${randomUUID()}`;
const WRONG = 'ABCD-EFGH-JKM';

const check = (token: string, device: string | null, text: string, method: 'scan' | 'typed' = 'typed') =>
  t.request('POST', '/api/door/check', {
    token,
    body: { text, method },
    headers: device ? { 'X-Door-Device': device } : {},
  });
const couponQr = (held: Held) => JSON.stringify({ userCouponId: held.id, token: held.qrCode });

async function heldCoupon() {
  const member = await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' });
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', type: 'fixed_amount', value: 25 });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as Held[];
  return mine.find((uc) => uc.id === claimed.body.id)!;
}

const lockouts = async () => {
  const answer = await t.request('GET', '/api/admin/door-lockouts', { token: manager.sessionId });
  expect(answer.status).toBe(200);
  return answer.body.lockouts as { id: string; scope: string; staff: { id: string; name: string }; device: string | null }[];
};

describe('wrong typed codes per door phone', () => {
  it('slow the phone that typed them with a countdown; another phone of the account and the camera go on', async () => {
    const door = await registerStaff(t, 'door', 'Sam');
    const held = await heldCoupon();
    const [main, vip] = [phone(), phone()];
    for (let i = 0; i < 10; i++) expect((await check(door.sessionId, main, WRONG)).status).toBe(200);
    const eleventh = await check(door.sessionId, main, WRONG);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe('Too many wrong codes: typing again in 1:00');
    expect(eleventh.body.retryAfter).toBe(60);
    expect(eleventh.headers.get('retry-after')).toBe('60');
    // The right code waits too on that phone (the wait says nothing about which codes exist).
    const right = await check(door.sessionId, main, held.shortCode);
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many wrong codes: typing again in (1:00|0:5\d)$/);

    // The other phone of the same account still types; the first phone's camera still reads a QR.
    expect((await check(door.sessionId, vip, held.shortCode)).body).toMatchObject({ kind: 'coupon', ok: true });
    expect((await check(door.sessionId, main, couponQr(held), 'scan')).body).toMatchObject({ kind: 'coupon', ok: true });
    const redeemed = await t.request('POST', '/api/door/redeem', {
      token: door.sessionId,
      body: { text: couponQr(held), method: 'scan' },
      headers: { 'X-Door-Device': main },
    });
    expect(redeemed.status).toBe(200);

    // The scan log says why the right code was refused, in the same words.
    const { rows } = await t.sql.query(
      `select reason, result from qr_scans where admin_id = $1 and scanned_id = $2 order by id`,
      [door.user.id, held.shortCode],
    );
    expect(rows[0]).toEqual({ reason: expect.stringMatching(/^Too many wrong codes: typing again in /), result: 'rejected' });
  });

  it('grow: past the free ten each wrong code doubles the wait', async () => {
    const door = await registerStaff(t, 'door', 'Kim');
    const device = phone();
    for (let i = 0; i < 11; i++) await check(door.sessionId, device, WRONG);
    // The wait is over (as if a minute passed), its misses still counted: the next miss waits two minutes.
    await endWaitOf(device);
    const twelfth = await check(door.sessionId, device, WRONG);
    expect(twelfth.status).toBe(429);
    expect(twelfth.body.retryAfter).toBe(120);
    expect(twelfth.body.message).toBe('Too many wrong codes: typing again in 2:00');
  });

  it('are lifted by a manager, who sees whose phone waits and until when; lifting leaves an audit row', async () => {
    const door = await registerStaff(t, 'door', 'Ari');
    const held = await heldCoupon();
    const device = phone();
    for (let i = 0; i < 11; i++) await check(door.sessionId, device, WRONG);
    const mine = (await lockouts()).filter((one) => one.staff.id === door.user.id);
    expect(mine).toEqual([
      {
        id: `${door.user.id}.${device}`,
        scope: 'device',
        staff: { id: door.user.id, name: expect.stringContaining('Ari') },
        device,
        door: null,
        until: expect.any(String),
      },
    ]);
    expect(Date.parse((mine[0] as unknown as { until: string }).until) - Date.now()).toBeGreaterThan(50_000);
    // A door account cannot lift its own wait.
    const byDoor = await t.request('POST', `/api/admin/door-lockouts/${mine[0]!.id}/lift`, { token: door.sessionId });
    expect(byDoor.status).toBe(403);
    const lifted = await t.request('POST', `/api/admin/door-lockouts/${mine[0]!.id}/lift`, { token: manager.sessionId });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ success: true, message: 'That phone can type codes again.' });
    expect((await check(door.sessionId, device, held.shortCode)).body).toMatchObject({ kind: 'coupon', ok: true });
    // Its misses are forgotten too: ten more are free again.
    for (let i = 0; i < 10; i++) expect((await check(door.sessionId, device, WRONG)).status).toBe(200);
    expect((await lockouts()).filter((one) => one.staff.id === door.user.id)).toEqual([]);
    const again = await t.request('POST', `/api/admin/door-lockouts/${mine[0]!.id}/lift`, { token: manager.sessionId });
    expect([again.status, again.body.message]).toEqual([404, 'That phone is not locked out (any more).']);
    const audit = await t.sql.query(
      `select action, target_id from audit_log where actor_id = $1 and action = 'door.lockout_lift'`,
      [manager.user.id],
    );
    expect(audit.rows).toContainEqual({ action: 'door.lockout_lift', target_id: door.user.id });
  });

  it("hold the account's ceiling against a script making up a new phone id for every guess", async () => {
    const door = await registerStaff(t, 'door', 'Lee');
    const held = await heldCoupon();
    for (let i = 0; i < 50; i++) expect((await check(door.sessionId, phone(), WRONG)).status).toBe(200);
    const over = await check(door.sessionId, phone(), WRONG);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many wrong codes from this account: typing again in 1[45]:\d\d$/);
    expect(over.body.retryAfter).toBeGreaterThan(14 * 60);
    // Every phone of the account now waits, a new one and one with no id too; the camera does not.
    const fresh = await check(door.sessionId, phone(), held.shortCode);
    expect([fresh.status, fresh.body.message]).toEqual([429, expect.stringMatching(/from this account/)]);
    expect((await check(door.sessionId, null, held.shortCode)).status).toBe(429);
    expect((await check(door.sessionId, phone(), couponQr(held), 'scan')).body).toMatchObject({ ok: true });
    // Another account is not held back.
    const colleague = await registerStaff(t, 'door', 'Max');
    expect((await check(colleague.sessionId, phone(), held.shortCode)).body).toMatchObject({ ok: true });

    const [account] = (await lockouts()).filter((one) => one.staff.id === door.user.id && one.scope === 'account');
    expect(account).toMatchObject({ id: `${door.user.id}.account`, device: null });
    const lifted = await t.request('POST', `/api/admin/door-lockouts/${account!.id}/lift`, { token: manager.sessionId });
    expect(lifted.body.message).toBe('Every phone of that account can type codes again.');
    expect((await check(door.sessionId, phone(), held.shortCode)).body).toMatchObject({ ok: true });
  });

  it('refuses a malformed phone id or door id, naming the header', async () => {
    const door = await registerStaff(t, 'door', 'Bo');
    const bad = await check(door.sessionId, 'no spaces allowed!', WRONG);
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'X-Door-Device', message: 'must be 8 to 64 letters, digits, - or _' }]);
    const badDoor = await t.request('POST', '/api/door/check', {
      token: door.sessionId,
      body: { text: WRONG, method: 'typed' },
      headers: { 'X-Door-Id': 'main' },
    });
    expect(badDoor.status).toBe(400);
    expect(badDoor.body.issues).toEqual([{ path: 'X-Door-Id', message: 'must be a UUID' }]);
  });
});

/** Ends a device's current wait but keeps its count of misses, as the clock passing its wait would. */
async function endWaitOf(device: string) {
  const key = `${t.config.REDIS_PREFIX}:door-typed:locked:`;
  const keys = (await redis.keys(`${key}*`)).filter((one) => one.endsWith(`.${device}`));
  expect(keys).toHaveLength(1);
  await redis.del(keys[0]!);
}

describe('named doors', () => {
  const named = (name: string, token = manager.sessionId) =>
    t.request('POST', '/api/admin/door-devices', { token, body: { name } });

  it('are named by managers, picked by door phones, and name the door on every scan-log line', async () => {
    const door = await registerStaff(t, 'door', 'Rio');
    const held = await heldCoupon();
    const main = await named('Main door');
    expect(main.status).toBe(200);
    expect(main.body).toEqual({ id: expect.any(String), venueId: 1, venueName: 'Nocturne', name: 'Main door', archived: false });
    const vip = (await named('  VIP ')).body;
    expect(vip.name).toBe('VIP');
    const twice = await named('vip');
    expect([twice.status, twice.body.message]).toEqual([409, "Nocturne already has a door named 'vip'."]);
    expect((await named('Back door', door.sessionId)).status).toBe(403);

    const picked = await t.request('GET', '/api/door/doors', { token: door.sessionId });
    expect(picked.body.doors.map((one: { name: string }) => one.name)).toEqual(expect.arrayContaining(['Main door', 'VIP']));

    const at = (doorId: string, text: string) =>
      t.request('POST', '/api/door/check', {
        token: door.sessionId,
        body: { text, method: 'scan' },
        headers: { 'X-Door-Device': phone(), 'X-Door-Id': doorId },
      });
    expect((await at(vip.id, couponQr(held))).body).toMatchObject({ ok: true });
    const redeemed = await t.request('POST', '/api/door/redeem', {
      token: door.sessionId,
      body: { text: couponQr(held), method: 'scan' },
      headers: { 'X-Door-Id': main.body.id },
    });
    expect(redeemed.status).toBe(200);
    const log = await t.request('GET', '/api/admin/scans?limit=5', { token: manager.sessionId });
    const lines = (log.body.scans as { scannedId: string; action: string; door?: string }[]).filter(
      (line) => line.scannedId === held.id,
    );
    expect(lines.map((line) => [line.action, line.door])).toEqual([
      ['redeem', 'Main door'],
      ['validate', 'VIP'],
    ]);

    // Archived: no phone can pick it, and a phone still sending it makes lines with no door.
    const archived = await t.request('PATCH', `/api/admin/door-devices/${vip.id}`, {
      token: manager.sessionId,
      body: { archived: true },
    });
    expect(archived.body).toMatchObject({ name: 'VIP', archived: true });
    const open = (await t.request('GET', '/api/door/doors', { token: door.sessionId })).body.doors as { id: string }[];
    expect(open.map((one) => one.id)).not.toContain(vip.id);
    const all = (await t.request('GET', '/api/admin/door-devices', { token: manager.sessionId })).body.doors as { id: string }[];
    expect(all.map((one) => one.id)).toContain(vip.id);
    await at(vip.id, WRONG);
    const [last] = (await t.request('GET', '/api/admin/scans?limit=1', { token: manager.sessionId })).body.scans;
    expect(last).toMatchObject({ scannedId: WRONG });
    expect(last).not.toHaveProperty('door');
    // The earlier lines still name it.
    const again = (await t.request('GET', '/api/admin/scans?limit=5', { token: manager.sessionId })).body.scans as {
      scannedId: string;
      door?: string;
    }[];
    expect(again.filter((line) => line.scannedId === held.id).map((line) => line.door)).toEqual(['Main door', 'VIP']);

    const renamed = await t.request('PATCH', `/api/admin/door-devices/${main.body.id}`, {
      token: manager.sessionId,
      body: { name: 'Front door' },
    });
    expect(renamed.body.name).toBe('Front door');
    const missing = await t.request('PATCH', `/api/admin/door-devices/${randomUUID()}`, {
      token: manager.sessionId,
      body: { name: 'Nowhere' },
    });
    expect([missing.status, missing.body.message]).toEqual([404, 'No such door.']);
  });

  it('name the door a waiting phone is at, for the manager lifting it', async () => {
    const door = await registerStaff(t, 'door', 'Noa');
    const bar = (await named('Bar door')).body;
    const device = phone();
    for (let i = 0; i < 11; i++)
      await t.request('POST', '/api/door/check', {
        token: door.sessionId,
        body: { text: WRONG, method: 'typed' },
        headers: { 'X-Door-Device': device, 'X-Door-Id': bar.id },
      });
    expect((await lockouts()).find((one) => one.device === device)).toMatchObject({ door: 'Bar door' });
  });
});
