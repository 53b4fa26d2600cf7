import { APPLE_WALLET_OFF } from '@nocturne/domain';
import { createCoupon, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayPassCertificates, unzip } from '@nocturne/testing/wallet-passes';

const PASS_TYPE_ID = 'pass.test.nocturne';

/**
 * Apple Wallet passes and the PassKit web service, step by step as Apple's "PassKit Web Service
 * Reference" describes them, under the pass's webServiceURL (/api/wallet/apple):
 *   "POST /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}"
 *     with "Authorization: ApplePass {authenticationToken}" and a body {"pushToken": ...}:
 *     "201 Created" for a new registration, "200 OK" if the serial number is already registered
 *     for the device, "401 Unauthorized" if the request is not authorized;
 *   "GET /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}?passesUpdatedSince={tag}":
 *     {"serialNumbers": [...], "lastUpdated": tag}, or "204 No Content" when there are none;
 *   "GET /v1/passes/{passTypeIdentifier}/{serialNumber}": the pass, with Last-Modified; "304 Not
 *     Modified" when it has not changed since If-Modified-Since;
 *   "DELETE /v1/devices/.../registrations/{passTypeIdentifier}/{serialNumber}": unregisters, "200 OK";
 *   "POST /v1/log" {"logs": [...]}.
 */
describe('Apple Wallet passes and the PassKit web service', () => {
  let t: TestApp;
  let dir: string;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-wallet-'));
    throwawayPassCertificates(dir, PASS_TYPE_ID);
    t = await startTestApp({
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_PASS_CERT_FILE: path.join(dir, 'pass.pem'),
      APPLE_PASS_KEY_FILE: path.join(dir, 'pass.key'),
      APPLE_WWDR_CERT_FILE: path.join(dir, 'ca.pem'),
      WALLET_VENUE_LOCATION: '-33.8688,151.2093',
    });
    admin = await registerAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function download(pathName: string, token: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${t.baseUrl}${pathName}`, {
      headers: {
        ...(token.startsWith('ApplePass') ? { authorization: token } : { authorization: `Bearer ${token}` }),
        ...headers,
      },
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  }
  const passJson = (archive: Buffer) => JSON.parse(unzip(archive).get('pass.json')!.toString()) as Record<string, any>;

  it('says Apple Wallet is on and Google Wallet off', async () => {
    expect((await t.request('GET', '/api/wallet')).body).toEqual({ apple: true, google: false });
  });

  it('registers a device, lists changed serials since a tag, answers the latest pass (304 when unchanged), unregisters', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, admin.sessionId, { title: 'Happy hour', type: 'percentage', value: 50 });
    const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
    expect(claimed.status).toBe(201);
    const userCouponId = claimed.body.id as string;
    const mine = await t.request('GET', '/api/coupons/my', { token: member.sessionId });
    const shortCode = (mine.body.coupons as { id: string; shortCode: string }[]).find((c) => c.id === userCouponId)!.shortCode;

    // The member downloads the pass: the short code is the QR's message and its text.
    const downloaded = await download(`/api/wallet/apple/coupons/${userCouponId}`, member.sessionId);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const pass = passJson(downloaded.body);
    expect(pass).toMatchObject({
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: 'TEAM123456',
      webServiceURL: `${t.config.APP_URL}/api/wallet/apple`,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: shortCode, altText: shortCode }],
      coupon: { primaryFields: [{ label: 'Happy hour', value: '50% off' }] },
      locations: [{ latitude: -33.8688, longitude: 151.2093 }],
    });
    expect(pass['voided']).toBeUndefined();
    const serial = pass['serialNumber'] as string;
    const auth = `ApplePass ${pass['authenticationToken'] as string}`;
    // Nobody else's.
    const other = await registerMember(t);
    expect((await download(`/api/wallet/apple/coupons/${userCouponId}`, other.sessionId)).status).toBe(404);

    const registration = `/api/wallet/apple/v1/devices/device-1/registrations/${PASS_TYPE_ID}/${serial}`;
    const register = (authorization?: string) =>
      t.request('POST', registration, { body: { pushToken: 'push-1' }, headers: authorization ? { authorization } : {} });
    expect((await register(auth)).status).toBe(201);
    expect((await register(auth)).status).toBe(200);
    expect((await register('ApplePass wrong-token-of-enough-length')).status).toBe(401);
    expect((await register()).status).toBe(401);
    expect((await register(`Bearer ${member.sessionId}`)).status).toBe(401);
    const { rows } = await t.sql.query('select push_token from wallet_registrations where device_library_id = $1', ['device-1']);
    expect(rows).toEqual([{ push_token: 'push-1' }]);

    // Changed serials: everything first, then nothing since the tag handed out.
    const listing = `/api/wallet/apple/v1/devices/device-1/registrations/${PASS_TYPE_ID}`;
    const all = await t.request('GET', listing);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ serialNumbers: [serial], lastUpdated: expect.stringMatching(/^\d+$/) });
    const tag = all.body.lastUpdated as string;
    expect((await t.request('GET', `${listing}?passesUpdatedSince=${tag}`)).status).toBe(204);

    // The latest pass, then 304 while unchanged.
    const latestPath = `/api/wallet/apple/v1/passes/${PASS_TYPE_ID}/${serial}`;
    const latest = await download(latestPath, auth);
    expect(latest.status).toBe(200);
    const lastModified = latest.headers.get('last-modified')!;
    expect(lastModified).toMatch(/GMT$/);
    expect(passJson(latest.body)['authenticationToken']).toBe(pass['authenticationToken']);
    expect((await download(latestPath, auth, { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await download(latestPath, 'ApplePass not-the-token-at-all')).status).toBe(401);

    // The member redeems it; the worker marks the pass changed (as worker/wallet's touchPasses
    // does, a second later so the HTTP date moves too) and pushes.
    expect((await t.request('POST', `/api/coupons/redeem/${userCouponId}`, { token: member.sessionId })).status).toBe(200);
    await t.sql.query("update wallet_passes set updated_at = updated_at + interval '1 second' where id = $1", [serial]);
    const changed = await t.request('GET', `${listing}?passesUpdatedSince=${tag}`);
    expect(changed.status).toBe(200);
    expect(changed.body.serialNumbers).toEqual([serial]);
    expect(BigInt(changed.body.lastUpdated as string)).toBeGreaterThan(BigInt(tag));
    const updated = await download(latestPath, auth, { 'if-modified-since': lastModified });
    expect(updated.status).toBe(200);
    expect(passJson(updated.body)['voided']).toBe(true);

    expect((await t.request('POST', '/api/wallet/apple/v1/log', { body: { logs: ['Web service error for pass'] } })).status).toBe(
      200,
    );

    const unregistered = await t.request('DELETE', registration, { headers: { authorization: auth } });
    expect(unregistered.status).toBe(200);
    expect((await t.request('GET', listing)).status).toBe(204);
  });

  it('takes device logs from one address 20 times in 10 minutes, then 429, and refuses an oversized batch', async () => {
    const ip = '203.0.113.77';
    const send = (logs: string[]) =>
      t.request('POST', '/api/wallet/apple/v1/log', { body: { logs }, headers: { 'x-forwarded-for': ip } });
    const tooMany = await send(Array(51).fill('Web service error'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues).toEqual([{ path: 'logs', message: 'must hold at most 50 messages' }]);
    const tooLong = await send(['x'.repeat(1001)]);
    expect(tooLong.body.issues).toEqual([{ path: 'logs.0', message: 'must be at most 1000 characters' }]);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await send(Array(50).fill('x'.repeat(1000)))).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // Another address is not held up.
    expect(
      (
        await t.request('POST', '/api/wallet/apple/v1/log', {
          body: { logs: ['ok'] },
          headers: { 'x-forwarded-for': '203.0.113.78' },
        })
      ).status,
    ).toBe(200);
  });

  it("hands out the member's card as a pass with its QR and short code", async () => {
    const member = await registerMember(t, { firstName: 'Alex' });
    const card = await t.request('GET', '/api/auth/me/card', { token: member.sessionId });
    const answer = await download('/api/wallet/apple/card', member.sessionId);
    expect(answer.status).toBe(200);
    const pass = passJson(answer.body);
    expect(pass['barcodes']).toEqual([expect.objectContaining({ message: card.body.qrPayload, altText: card.body.shortCode })]);
    expect(pass['storeCard'].primaryFields).toEqual([expect.objectContaining({ key: 'points', value: 20 })]);
  });
  it("forgets the member's passes and registered devices when they delete their account", async () => {
    const member = await registerMember(t);
    const pass = passJson((await download('/api/wallet/apple/card', member.sessionId)).body);
    const auth = `ApplePass ${pass['authenticationToken'] as string}`;
    const registration = `/api/wallet/apple/v1/devices/device-gone/registrations/${PASS_TYPE_ID}/${pass['serialNumber'] as string}`;
    expect(
      (await t.request('POST', registration, { body: { pushToken: 'push-gone' }, headers: { authorization: auth } })).status,
    ).toBe(201);
    const deleted = await t.request('DELETE', '/api/auth/me', { token: member.sessionId, body: { password: member.password } });
    expect(deleted.status).toBeLessThan(300);
    const { rows } = await t.sql.query('select 1 from wallet_passes where member_id = $1', [member.user.id]);
    expect(rows).toEqual([]);
    expect((await t.sql.query("select 1 from wallet_registrations where push_token = 'push-gone'")).rows).toEqual([]);
    expect((await download(`/api/wallet/apple/v1/passes/${PASS_TYPE_ID}/${pass['serialNumber'] as string}`, auth)).status).toBe(
      401,
    );
  });

  // Apple's pass.json reference: `locations`, "an array of up to 10 locations", each a dictionary
  // with `latitude` and `longitude` (numbers, required), `altitude` and `relevantText` (optional).
  it("lists the group's open venues as the pass's locations, at most ten, venue 1 at WALLET_VENUE_LOCATION", async () => {
    const member = await registerMember(t);
    const single = passJson((await download('/api/wallet/apple/card', member.sessionId)).body);
    expect(single['locations']).toEqual([{ latitude: -33.8688, longitude: 151.2093, relevantText: 'Show this at Nocturne' }]);

    const created: number[] = [];
    for (let index = 1; index <= 11; index++) {
      const answer = await t.request('POST', '/api/admin/venues', {
        token: admin.sessionId,
        body: {
          slug: `venue-${index}`,
          name: `Venue ${index}`,
          kind: 'BarOrPub',
          // The last one has no position: nothing to put on the lock screen for it.
          location: index === 11 ? null : { latitude: -33 - index / 100, longitude: 151 + index / 100 },
        },
      });
      expect(answer.status).toBe(201);
      created.push(answer.body.id as number);
    }
    const archived = await t.request('POST', `/api/admin/venues/${created[0]}/archive`, { token: admin.sessionId });
    expect(archived.status).toBeLessThan(300);

    const pass = passJson((await download('/api/wallet/apple/card', member.sessionId)).body);
    const locations = pass['locations'] as Record<string, unknown>[];
    expect(locations).toHaveLength(10);
    for (const location of locations) {
      expect(Object.keys(location).every((key) => ['latitude', 'longitude', 'altitude', 'relevantText'].includes(key))).toBe(
        true,
      );
      expect(typeof location['latitude']).toBe('number');
      expect(typeof location['longitude']).toBe('number');
      expect(typeof location['relevantText']).toBe('string');
    }
    // In the group's order: Nocturne at the install's setting, then the open venues (not the archived first one).
    expect(locations[0]).toEqual({ latitude: -33.8688, longitude: 151.2093, relevantText: 'Show this at Nocturne' });
    expect(locations[1]).toEqual({ latitude: -33.02, longitude: 151.02, relevantText: 'Show this at Venue 2' });
    expect(locations.map((location) => location['relevantText'])).not.toContain('Show this at Venue 1');
  });
});

describe('wallets switched off (nothing configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says so, and its endpoints answer 404 with a clear message', async () => {
    const member = await registerMember(t);
    expect((await t.request('GET', '/api/wallet')).body).toEqual({ apple: false, google: false });
    const card = await t.request('GET', '/api/wallet/apple/card', { token: member.sessionId });
    expect(card.status).toBe(404);
    expect(card.body.message).toBe(APPLE_WALLET_OFF);
    const register = await t.request('POST', `/api/wallet/apple/v1/devices/d/registrations/${PASS_TYPE_ID}/s`, {
      body: { pushToken: 'p' },
      headers: { authorization: 'ApplePass x' },
    });
    expect(register.status).toBe(404);
    expect((await t.request('GET', '/api/wallet/google/card', { token: member.sessionId })).status).toBe(404);
  });
});
