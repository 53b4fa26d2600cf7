import type { INestApplicationContext } from '@nestjs/common';
import { addDays, clubNightOf, eventNightLabel, nightInstant } from '@nocturne/domain';
import { registerMember, registerStaff, startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayPassCertificates, unzip } from '@nocturne/testing/wallet-passes';
import { type ApnsStub, startApnsStub } from '../support/apns-stub.js';
import { GuestListPassesJob } from '#wallet/guest-list-passes.job.js';
import { startWorker } from '../support/worker-app.js';

const PASS_TYPE_ID = 'pass.test.nocturne';
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY7654321';

/**
 * The member's coming guest-list night on their Wallet card: joining a list raises an event whose
 * `wallet.update-passes` job (the same path as a points or tier change) marks the card pass
 * changed and pushes the member's device; the device then asks the PassKit web service for the
 * changed serials and the latest pass, which carries the night. Leaving takes it off again.
 */
describe("the guest list on the member's Wallet card", () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let apns: ApnsStub;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-card-list-'));
    throwawayPassCertificates(dir, PASS_TYPE_ID);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(path.join(dir, 'AuthKey.p8'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    apns = await startApnsStub({
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      keyId: KEY_ID,
      teamId: TEAM_ID,
    });
    const base = await testEnv({
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: TEAM_ID,
      APPLE_PASS_CERT_FILE: path.join(dir, 'pass.pem'),
      APPLE_PASS_KEY_FILE: path.join(dir, 'pass.key'),
      APPLE_WWDR_CERT_FILE: path.join(dir, 'ca.pem'),
      APNS_KEY_FILE: path.join(dir, 'AuthKey.p8'),
      APNS_KEY_ID: KEY_ID,
      APNS_URL: apns.url,
    });
    t = await startTestApp({}, base);
    env = base.env;
    worker = await startWorker(base.env);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await apns?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the coming night once the member joins, with a newer Last-Modified, and drops it when they leave', async () => {
    const manager = await registerStaff(t, 'manager');
    const member = await registerMember(t, { firstName: 'Alex' });
    await t.sql.query(`update members set member_tier = 'gold' where id = $1`, [member.user.id]);
    const night = addDays(clubNightOf(new Date(), t.config.VENUE_TZ), 5);
    const eventInput = {
      title: 'Deep House Fridays',
      description: '',
      lineUp: [],
      night,
      doorsOpen: '22:00',
      lastEntry: '03:00',
      agePolicy: '18+',
      priceCents: 2500,
      currency: 'AUD',
      dressCode: 'Smart',
      capacity: 400,
      status: 'published',
      guestList: { capacity: 20, freeUntil: '23:30', cutoff: null },
    };
    const created = await t.request<{ id: string }>('POST', '/api/admin/events', { token: manager.sessionId, body: eventInput });
    expect(created.status).toBe(201);

    // The member adds their card to Wallet; the device registers for its updates.
    const card = await fetch(`${t.baseUrl}/api/wallet/apple/card`, { headers: { authorization: `Bearer ${member.sessionId}` } });
    const first = JSON.parse(
      unzip(Buffer.from(await card.arrayBuffer()))
        .get('pass.json')!
        .toString(),
    ) as Record<string, any>;
    expect(first['storeCard'].auxiliaryFields).toBeUndefined();
    const serial = first['serialNumber'] as string;
    const auth = `ApplePass ${first['authenticationToken'] as string}`;
    const registered = await t.request(
      'POST',
      `/api/wallet/apple/v1/devices/alex-device/registrations/${PASS_TYPE_ID}/${serial}`,
      {
        body: { pushToken: 'alex-phone' },
        headers: { authorization: auth },
      },
    );
    expect(registered.status).toBe(201);
    const listing = `/api/wallet/apple/v1/devices/alex-device/registrations/${PASS_TYPE_ID}`;
    const latest = async (ifModifiedSince?: string) => {
      const answer = await fetch(`${t.baseUrl}/api/wallet/apple/v1/passes/${PASS_TYPE_ID}/${serial}`, {
        headers: { authorization: auth, ...(ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {}) },
      });
      const body = Buffer.from(await answer.arrayBuffer());
      const pass = answer.status === 200 ? (JSON.parse(unzip(body).get('pass.json')!.toString()) as Record<string, any>) : null;
      return { status: answer.status, lastModified: answer.headers.get('last-modified')!, pass };
    };
    /** Joins or leaves, then waits for the worker's push to the member's phone; answers the device's new tag. */
    const change = async (step: () => Promise<number>, tag: string, what: string) => {
      // A second later: Last-Modified is an HTTP date, in whole seconds.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const pushed = apns.pushes.length;
      expect(await step()).toBeLessThan(300);
      await waitFor(async () => apns.pushes.length > pushed, { timeoutMs: 20_000, what });
      expect(apns.pushes.at(-1)).toMatchObject({ token: 'alex-phone', topic: PASS_TYPE_ID });
      const changed = await t.request('GET', `${listing}?passesUpdatedSince=${tag}`);
      expect(changed.status).toBe(200);
      expect(changed.body.serialNumbers).toEqual([serial]);
      return changed.body.lastUpdated as string;
    };

    const before = await latest();
    expect(before.pass!['storeCard'].auxiliaryFields).toBeUndefined();
    const tag = (await t.request('GET', listing)).body.lastUpdated as string;

    const guestList = `/api/events/${created.body.id}/nights/${night}/guest-list`;
    const joinedTag = await change(
      async () => (await t.request('POST', guestList, { token: member.sessionId, body: { plusOnes: 2 } })).status,
      tag,
      'the push after joining the list',
    );
    const joined = await latest(before.lastModified);
    expect(joined.status).toBe(200);
    expect(Date.parse(joined.lastModified)).toBeGreaterThan(Date.parse(before.lastModified));
    const day = eventNightLabel(night).replace(/ \d{4}$/, '');
    expect(joined.pass!['storeCard'].auxiliaryFields).toEqual([
      { key: 'guestList', label: 'Guest list', value: `${day} · +2 · free until 23:30`, changeMessage: 'Guest list: %@' },
    ]);

    // The manager moves free entry to half past midnight: the card says so, pushed.
    const save = (changes: Record<string, unknown>) => async () =>
      (
        await t.request('PUT', `/api/admin/events/${created.body.id}`, {
          token: manager.sessionId,
          body: { ...eventInput, ...changes },
        })
      ).status;
    const laterTag = await change(
      save({ guestList: { capacity: 20, freeUntil: '00:30', cutoff: null } }),
      joinedTag,
      'the push after free entry moved',
    );
    const later = await latest(joined.lastModified);
    expect(later.pass!['storeCard'].auxiliaryFields[0].value).toBe(`${day} · +2 · free until 00:30`);
    // Taken back to draft: the night is off the card, pushed; published again, it is back.
    const draftTag = await change(save({ status: 'draft' }), laterTag, 'the push after the night went back to draft');
    const drafted = await latest(later.lastModified);
    expect(drafted.pass!['storeCard'].auxiliaryFields).toBeUndefined();
    const backTag = await change(save({}), draftTag, 'the push after the night was published again');
    const back = await latest(drafted.lastModified);
    expect(back.pass!['storeCard'].auxiliaryFields[0].value).toBe(`${day} · +2 · free until 23:30`);

    await change(
      async () => (await t.request('DELETE', guestList, { token: member.sessionId })).status,
      backTag,
      'the push after leaving the list',
    );
    const left = await latest(back.lastModified);
    expect(left.status).toBe(200);
    expect(Date.parse(left.lastModified)).toBeGreaterThan(Date.parse(joined.lastModified));
    expect(left.pass!['storeCard'].auxiliaryFields).toBeUndefined();
  }, 90_000);
  it("pushes the card once its night's last entry has passed, so it shows the next night or none, and not before", async () => {
    const manager = await registerStaff(t, 'manager');
    const member = await registerMember(t, { firstName: 'Sasha' });
    const night = addDays(clubNightOf(new Date(), t.config.VENUE_TZ), 3);
    const created = await t.request<{ id: string }>('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: {
        title: 'Late Lounge',
        description: '',
        lineUp: [],
        night,
        doorsOpen: '21:00',
        lastEntry: '02:00',
        agePolicy: '18+',
        priceCents: 0,
        currency: 'AUD',
        dressCode: '',
        capacity: 100,
        status: 'published',
        guestList: { capacity: 20, freeUntil: null, cutoff: null },
      },
    });
    expect(created.status).toBe(201);
    const card = await fetch(`${t.baseUrl}/api/wallet/apple/card`, { headers: { authorization: `Bearer ${member.sessionId}` } });
    const pass = JSON.parse(
      unzip(Buffer.from(await card.arrayBuffer()))
        .get('pass.json')!
        .toString(),
    ) as Record<string, any>;
    const serial = pass['serialNumber'] as string;
    const registered = await t.request(
      'POST',
      `/api/wallet/apple/v1/devices/sasha-device/registrations/${PASS_TYPE_ID}/${serial}`,
      { body: { pushToken: 'sasha-phone' }, headers: { authorization: `ApplePass ${pass['authenticationToken'] as string}` } },
    );
    expect(registered.status).toBe(201);
    const joined = await t.request('POST', `/api/events/${created.body.id}/nights/${night}/guest-list`, {
      token: member.sessionId,
      body: { plusOnes: 0 },
    });
    expect(joined.status).toBeLessThan(300);
    await waitFor(async () => apns.pushes.some((push) => push.token === 'sasha-phone'), {
      timeoutMs: 20_000,
      what: 'the join push',
    });

    // The sweep on a worker whose clock the test sets: before the last entry, and just after it.
    const ends = nightInstant(night, '02:00', t.config.VENUE_TZ);
    const sweepAt = async (at: Date) => {
      const app = await startWorker(env, { clock: () => at });
      try {
        return await app.get(GuestListPassesJob).handle();
      } finally {
        await app.close();
      }
    };
    const sashas = () => apns.pushes.filter((push) => push.token === 'sasha-phone').length;
    const before = sashas();
    expect(await sweepAt(new Date(ends.getTime() - 60_000))).toEqual({ cards: 0 });
    expect(await sweepAt(new Date(ends.getTime() + 5 * 60_000))).toEqual({ cards: 1 });
    await waitFor(async () => sashas() > before, { timeoutMs: 20_000, what: 'the push after the night ended' });
    // A night long over is not pushed again.
    expect(await sweepAt(new Date(ends.getTime() + 6 * 3_600_000))).toEqual({ cards: 0 });
  }, 90_000);
});
