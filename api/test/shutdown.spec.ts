import { MemberCard } from '@nocturne/contracts';
import { registerMember, registerStaff, startTestApp, TcpProxy, testEnv, waitFor } from '@nocturne/testing';
import { holdDoorLock } from './support/door-fixtures.js';

/** ioredis retries a lost connection at most this far apart (libs/queues' retryStrategy). */
const LONGEST_RETRY_MS = 5000;

// A rollout while Redis is unreachable: the api stops in a few seconds, as it does with Redis up,
// and once stopped nothing of it keeps dialling Redis (a process that lingers, or a test harness
// that closes an app and carries on, would otherwise retry for ever).
describe('stopping the api while Redis is unreachable', () => {
  it.each([
    ['refuses connections', (proxy: TcpProxy) => proxy.cut()],
    ['takes connections but never answers', (proxy: TcpProxy) => proxy.setDelay(10 * 60_000)],
  ])(
    'stops within 5 s when Redis %s, and leaves no connection retrying',
    async (_, breakRedis) => {
      const base = await testEnv();
      const redisProxy = TcpProxy.forUrl(base.env['REDIS_URL']!);
      await redisProxy.start();
      const t = await startTestApp({ REDIS_URL: redisProxy.urlFor(base.env['REDIS_URL']!) }, base);
      try {
        breakRedis(redisProxy);
        await waitFor(async () => (await t.request('GET', '/health/ready')).status === 503, {
          timeoutMs: 10_000,
          what: 'readiness to report Redis down',
        });
        const started = Date.now();
        await t.app.close();
        expect(Date.now() - started).toBeLessThan(5000);

        redisProxy.cut();
        const attemptsWhenStopped = redisProxy.attempts;
        await new Promise((resolve) => setTimeout(resolve, LONGEST_RETRY_MS + 2000));
        expect(redisProxy.attempts).toBe(attemptsWhenStopped);
      } finally {
        await t.sql.end();
        await t.db.drop();
        await redisProxy.stop();
      }
    },
    60_000,
  );
});

// A rollout while a door phone's check is under way and the phone has lost its signal: the api
// finishes the check before it closes its pools, so the visit and the scan-log line land whole.
describe('stopping the api while a request is being handled', () => {
  it('finishes a door check whose phone hung up, then stops within seconds all the same', async () => {
    const t = await startTestApp();
    let otherPhone: Awaited<ReturnType<typeof holdDoorLock>> | undefined;
    try {
      const door = await registerStaff(t, 'door', 'Sam');
      const member = await registerMember(t, { firstName: 'Lena' });
      const card = MemberCard.parse((await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body);
      // Another phone of the account is mid-way through a typed code: this one's typed check queues behind it.
      otherPhone = await holdDoorLock(t.sql, `qr-code-attempts:${door.user.id.toLowerCase()}`);
      const hangUp = new AbortController();
      const check = fetch(`${t.baseUrl}/api/door/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${door.sessionId}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: card.shortCode, method: 'typed' }),
        signal: hangUp.signal,
      }).catch((error: Error) => error.name);
      await waitFor(
        async () =>
          (
            await t.sql.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = $1", [
              t.db.name,
            ])
          ).rows[0].n === 1,
        { timeoutMs: 5_000, what: 'the check to queue behind the other phone' },
      );
      hangUp.abort();
      expect(await check).toBe('AbortError');

      const started = Date.now();
      const stopping = t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await otherPhone.release();
      await stopping;
      expect(Date.now() - started).toBeLessThan(5_000);

      const visits = await t.sql.query('select count(*)::int as n from visits where member_id = $1', [member.user.id]);
      const lines = await t.sql.query("select result, reason from qr_scans where member_id = $1 and method = 'code'", [
        member.user.id,
      ]);
      expect([visits.rows[0].n, lines.rows]).toEqual([1, [{ result: 'accepted', reason: expect.any(String) }]]);
    } finally {
      await otherPhone?.release();
      await t.sql.end();
      await t.db.drop();
    }
  }, 60_000);
});
