import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { createCoupon, registerAdmin, registerMember, startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { Queue } from 'bullmq';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApnsClient } from '#wallet/apns-client.js';
import { type ApnsStub, startApnsStub } from '../support/apns-stub.js';
import { startWorker } from '../support/worker-app.js';

const PASS_TYPE_ID = 'pass.test.nocturne';
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY7654321';

/**
 * Apple Wallet pass update pushes: a member's points change (a real claim through the api, its
 * event relayed by the outbox) and the worker pushes each device registered for the member's
 * passes, once, through the APNs stand-in; other members' devices hear nothing.
 */
describe('wallet pass update pushes', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let apns: ApnsStub;
  let dir: string;
  let keyPem: string;

  beforeAll(async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-apns-'));
    writeFileSync(path.join(dir, 'AuthKey.p8'), keyPem);
    apns = await startApnsStub({
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      keyId: KEY_ID,
      teamId: TEAM_ID,
    });
    const base = await testEnv({
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: TEAM_ID,
      APNS_KEY_FILE: path.join(dir, 'AuthKey.p8'),
      APNS_KEY_ID: KEY_ID,
      APNS_URL: apns.url,
    });
    t = await startTestApp({}, base);
    worker = await startWorker(base.env);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await apns?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A pass handed out to the member, and the devices (push tokens) registered for it. */
  async function passWithDevices(memberId: string, subject: string, tokens: string[]): Promise<string> {
    const { rows } = await t.sql.query<{ id: string }>(
      `insert into wallet_passes (member_id, kind, subject, auth_token_hash) values ($1, $2, $3, repeat('0', 64)) returning id`,
      [memberId, subject.split(':')[0], subject],
    );
    const passId = rows[0]!.id;
    for (const [index, token] of tokens.entries()) {
      await t.sql.query('insert into wallet_registrations (device_library_id, pass_id, push_token) values ($1, $2, $3)', [
        `device-${index}-${token}`,
        passId,
        token,
      ]);
    }
    return passId;
  }

  it("pushes each of the member's registered devices once when their points change, and no other member's", async () => {
    const admin = await registerAdmin(t);
    const alex = await registerMember(t, { firstName: 'Alex' });
    const sam = await registerMember(t, { firstName: 'Sam' });
    const alexCard = await passWithDevices(alex.user.id, `card:${alex.user.id}`, ['alex-phone', 'alex-watch']);
    await passWithDevices(sam.user.id, `card:${sam.user.id}`, ['sam-phone']);
    const before = await t.sql.query<{ updated_at: Date }>('select updated_at from wallet_passes where id = $1', [alexCard]);

    const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 10 });
    const claim = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: alex.sessionId });
    expect(claim.status).toBe(201);

    await waitFor(async () => apns.pushes.length >= 2, { timeoutMs: 20_000, what: "the pushes to Alex's devices" });
    // Give a stray push to Sam's device time to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(apns.pushes.map((push) => push.token).sort()).toEqual(['alex-phone', 'alex-watch']);
    for (const push of apns.pushes) expect(push).toMatchObject({ topic: PASS_TYPE_ID, pushType: 'background', body: '{}' });
    expect(apns.refused).toEqual([]);
    const after = await t.sql.query<{ updated_at: Date }>('select updated_at from wallet_passes where id = $1', [alexCard]);
    expect(after.rows[0]!.updated_at.getTime()).toBeGreaterThan(before.rows[0]!.updated_at.getTime());
  });

  it("pushes the member's devices when staff adjust their points, in either direction", async () => {
    const admin = await registerAdmin(t);
    const jo = await registerMember(t, { firstName: 'Jo' });
    await passWithDevices(jo.user.id, `card:${jo.user.id}`, ['jo-phone']);
    const adjust = (points: number) =>
      t.request('POST', `/api/admin/members/${jo.user.id}/points-adjustments`, {
        token: admin.sessionId,
        body: { points, reason: 'Wallet check', countsTowardTier: false },
      });
    apns.pushes.length = 0;

    expect((await adjust(25)).status).toBe(201);
    await waitFor(async () => apns.pushes.length >= 1, { timeoutMs: 20_000, what: 'the push after points were added' });
    expect((await adjust(-10)).status).toBe(201);
    await waitFor(async () => apns.pushes.length >= 2, { timeoutMs: 20_000, what: 'the push after points were taken' });
    expect(apns.pushes.map((push) => push.token)).toEqual(['jo-phone', 'jo-phone']);
  });

  it('forgets a device APNs calls unregistered (410)', async () => {
    const member = await registerMember(t);
    const pass = await passWithDevices(member.user.id, `card:${member.user.id}`, ['gone-old-phone', 'new-phone']);
    apns.pushes.length = 0;
    const queue = new Queue(QueueName.Wallet, {
      connection: createRedisConnection(t.config.REDIS_URL, 'producer'),
      prefix: t.config.REDIS_PREFIX,
    });
    try {
      await queue.add('wallet.update-passes', { memberId: member.user.id });
      await waitFor(
        async () => {
          const { rows } = await t.sql.query('select push_token from wallet_registrations where pass_id = $1', [pass]);
          return rows.length === 1;
        },
        { timeoutMs: 20_000, what: 'the unregistered device to be forgotten' },
      );
    } finally {
      await queue.close();
    }
    expect(apns.pushes.map((push) => push.token)).toEqual(['new-phone']);
    expect(apns.refused).toContainEqual({ token: 'gone-old-phone', reason: 'Unregistered' });
  });

  it('bench: pushes for 10,000 members after a bulk change go out in under a minute', async () => {
    // 10,000 members each with a card pass and one registered device, then one job per member.
    await t.sql.query(
      `insert into members (email, first_name, password_hash)
         select 'bulk-' || n || '@example.com', 'Bulk', 'x' from generate_series(1, 10000) n`,
    );
    await t.sql.query(
      `insert into wallet_passes (member_id, kind, subject, auth_token_hash)
         select id, 'card', 'card:' || id, repeat('0', 64) from members where email like 'bulk-%'`,
    );
    await t.sql.query(
      `insert into wallet_registrations (device_library_id, pass_id, push_token)
         select 'device-' || p.id, p.id, 'bulk-token-' || p.id from wallet_passes p join members m on m.id = p.member_id
          where m.email like 'bulk-%'`,
    );
    const { rows } = await t.sql.query<{ id: string }>("select id from members where email like 'bulk-%'");
    apns.pushes.length = 0;
    // The test stands in for the outbox relay, which adds again what a timed-out command left out;
    // it has no such retry, so it adds with the worker's patience rather than a producer's 2 s
    // command timeout: this process also runs the worker and the APNs stand-in, and on a loaded
    // machine its event loop can stall past 2 s while 10,000 pushes come in.
    const queue = new Queue(QueueName.Wallet, {
      connection: createRedisConnection(t.config.REDIS_URL, 'worker'),
      prefix: t.config.REDIS_PREFIX,
    });
    const started = performance.now();
    try {
      // In batches, as events add them: one addBulk of 10,000 is one pipeline.
      for (let from = 0; from < rows.length; from += 500) {
        await queue.addBulk(
          rows.slice(from, from + 500).map((row) => ({ name: 'wallet.update-passes', data: { memberId: row.id } })),
        );
      }
      await waitFor(async () => apns.pushes.length >= 10_000, {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: '10,000 pushes',
      });
    } finally {
      await queue.close();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`wallet bench: 10,000 members' pass update jobs pushed in ${seconds.toFixed(1)} s`);
    expect(new Set(apns.pushes.map((push) => push.token)).size).toBe(10_000);
    expect(seconds).toBeLessThan(60);
  }, 90_000);

  it('the client alone: 10,000 pushes on one pooled HTTP/2 session', async () => {
    const client = new ApnsClient({ url: apns.url, keyPem, keyId: KEY_ID, teamId: TEAM_ID, topic: PASS_TYPE_ID });
    apns.pushes.length = 0;
    const started = performance.now();
    const outcomes = await client.pushAll(Array.from({ length: 10_000 }, (_, index) => `direct-${index}`));
    const seconds = (performance.now() - started) / 1000;
    client.close();
    console.log(`wallet bench: ApnsClient.pushAll of 10,000 tokens in ${seconds.toFixed(2)} s`);
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(10_000);
    expect(seconds).toBeLessThan(60);
  }, 90_000);
});
