// The door case of `npm run bench`: 20 door phones, each signed in as its own
// door account, checking and then redeeming members' coupons at once against the api, beside a
// bare node:http + pg server running the same statements, in alternating rounds as the read bench
// does. Budgets: check p95 <= 50 ms, redeem p95 <= 80 ms on loopback.
//
// bench.mjs calls runDoorBench() on its seeded stack; run directly with --baseline, this file is
// the baseline server (PORT, DATABASE_URL, QR_SECRET from the environment).
import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { baselinePool } from './stack-helpers.mjs';

const DEVICES = Number(process.env.BENCH_DOOR_DEVICES ?? 20);
const DOOR_SECONDS = Number(process.env.BENCH_DOOR_SECONDS ?? 10);
const DOOR_ROUNDS = Math.max(1, Number(process.env.BENCH_DOOR_ROUNDS ?? 5));
const DOOR_WARMUP_SECONDS = Number(process.env.BENCH_DOOR_WARMUP_SECONDS ?? 2);
export const DOOR_BUDGETS = { checkP95Ms: 50, redeemP95Ms: 80 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The token a member's coupon QR holds: HMAC-SHA256 of `user-coupon:<id>` with QR_SECRET, as the api makes it. */
function qrToken(secret, userCouponId) {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`user-coupon:${userCouponId}`).digest('base64url');
}

// ---------------------------------------------------------------------------------------------
// The baseline: door mode's two calls for a coupon QR on node:http + pg, no framework, no
// validation, no logging, with the statements the api runs for them: the session lookup, then in
// one transaction the user coupon with its coupon, holder and validator (locked to redeem), the
// conditional redemption, the coupon's count, the outbox row and the scan-log line.
function startBaseline(databaseUrl, port, secret) {
  const pool = baselinePool(databaseUrl);
  const sessionSql = `select s.id as session_id, m.id, m.role
         from sessions s join members m on m.id = s.member_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and m.disabled_at is null`;
  const userCouponSql = (lock) => `select uc.id, uc.member_id, uc.coupon_id, uc.redeemed_at, uc.redeemed_by, uc.validated_by_id,
              m.first_name, m.member_tier, m.disabled_at, m.deleted_at, v.first_name as validated_by_name, to_json(c) as coupon
         from user_coupons uc join coupons c on c.id = uc.coupon_id join members m on m.id = uc.member_id
         left join members v on v.id = uc.validated_by_id
        where uc.id = $1${lock ? ' for update of uc' : ''}`;
  const logScan = (client, staffId, row, action, accepted, reason) =>
    client.query(
      `insert into qr_scans (admin_id, user_coupon_id, member_id, scanned_id, method, action, result, reason)
       values ($1, $2, $3, $4, 'qr', $5, $6, $7)`,
      [staffId, row.id, row.member_id, row.id, action, accepted ? 'accepted' : 'rejected', reason],
    );
  const usable = (row) =>
    row.disabled_at === null &&
    row.deleted_at === null &&
    row.redeemed_at === null &&
    row.coupon.is_active &&
    row.coupon.archived_at === null &&
    (row.coupon.valid_until === null || new Date(row.coupon.valid_until) > new Date());
  const member = (row) => ({
    firstName: row.first_name,
    tier: row.member_tier,
    status: row.disabled_at === null && row.deleted_at === null ? 'active' : 'disabled',
  });

  async function inTransaction(work) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  const NOT_OURS = {
    check: [200, { kind: 'unknown', ok: false, message: 'Not a Nocturne code', refusal: 'not_nocturne' }],
    redeem: [404, { message: 'Not a Nocturne code' }],
  };
  const check = (staff, payload) =>
    inTransaction(async (client) => {
      const row = (await client.query(userCouponSql(false), [payload.userCouponId])).rows[0];
      if (!row) return NOT_OURS.check;
      const ok = usable(row);
      const message = ok ? 'Valid' : 'Refused';
      await logScan(client, staff.id, row, 'validate', ok, message);
      const { title, type, value } = row.coupon;
      return [200, { kind: 'coupon', ok, message, coupon: { userCouponId: row.id, title, type, value }, member: member(row) }];
    });
  const redeem = (staff, payload) =>
    inTransaction(async (client) => {
      const row = (await client.query(userCouponSql(true), [payload.userCouponId])).rows[0];
      if (!row) return NOT_OURS.redeem;
      if (!usable(row)) {
        await logScan(client, staff.id, row, 'redeem', false, 'Refused');
        return [409, { message: 'Refused' }];
      }
      const changed = (
        await client.query(
          `update user_coupons set redeemed_at = now(), redeemed_by = 'staff', validated_at = now(), validated_by_id = $2
              where id = $1 and redeemed_at is null returning redeemed_at`,
          [row.id, staff.id],
        )
      ).rows[0];
      await client.query('update coupons set redeemed_count = redeemed_count + 1, updated_at = now() where id = $1', [
        row.coupon_id,
      ]);
      await client.query(
        `insert into outbox (type, aggregate_id, correlation_id, payload) values ('CouponRedeemed', $1, null, $2)`,
        [row.id, { userCouponId: row.id, memberId: row.member_id, by: 'staff' }],
      );
      const message = `Redeemed: ${row.coupon.title} for ${row.first_name}`;
      await logScan(client, staff.id, row, 'redeem', true, message);
      const redeemedAt = new Date(changed.redeemed_at);
      return [
        200,
        {
          ok: true,
          message,
          userCouponId: row.id,
          redeemedAt: redeemedAt.toISOString(),
          undoableUntil: new Date(redeemedAt.getTime() + 15 * 60_000).toISOString(),
        },
      ];
    });
  const routes = {
    '/api/door/check': { name: 'check', run: check },
    '/api/door/redeem': { name: 'redeem', run: redeem },
  };

  const server = http.createServer((request, response) => {
    const send = (status, body) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    };
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      try {
        const route = routes[new URL(request.url, 'http://x').pathname];
        if (!route || request.method !== 'POST') return send(404, { message: 'Not found' });
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const staff = token && (await pool.query(sessionSql, [createHash('sha256').update(token).digest('hex')])).rows[0];
        if (!staff) return send(401, { message: 'Please sign in' });
        if (staff.role === 'member') return send(403, { message: 'This needs a door staff, manager or admin account.' });
        const body = JSON.parse(raw);
        let payload;
        try {
          payload = JSON.parse(body.text);
        } catch {
          payload = {};
        }
        // The token is proven before the database is asked, as the api does.
        const expected = Buffer.from(qrToken(secret, String(payload.userCouponId ?? '').toLowerCase()));
        const given = Buffer.from(String(payload.token ?? ''));
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return send(...NOT_OURS[route.name]);
        return send(...(await route.run(staff, payload)));
      } catch (error) {
        return send(500, { message: String(error) });
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

// ---------------------------------------------------------------------------------------------
// The load: each phone checks a member's coupon QR and then redeems it, one after the other,
// as fast as answers come; check and redeem latencies are timed separately.

async function post(url, token, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** One round on one server: every phone until `seconds` pass, each on coupons of its own. */
async function doorRound(url, phones, takeCoupon, secret, seconds) {
  const samples = { check: [], redeem: [], failures: 0, statuses: {} };
  const until = performance.now() + seconds * 1000;
  const count = (status) => (samples.statuses[status] = (samples.statuses[status] ?? 0) + 1);
  await Promise.all(
    phones.map(async (phone) => {
      while (performance.now() < until) {
        const userCouponId = takeCoupon();
        if (!userCouponId) return;
        const text = JSON.stringify({ userCouponId, token: qrToken(secret, userCouponId) });
        let started = performance.now();
        const checked = await post(`${url}/api/door/check`, phone, { text, method: 'scan' });
        samples.check.push(performance.now() - started);
        count(checked.status);
        started = performance.now();
        const redeemed = await post(`${url}/api/door/redeem`, phone, { text, method: 'scan' });
        samples.redeem.push(performance.now() - started);
        count(redeemed.status);
        if (checked.status !== 200 || checked.body?.ok !== true || redeemed.status !== 200) samples.failures += 1;
      }
    }),
  );
  return samples;
}

const latency = (values) => ({
  n: values.length,
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  p99: round(percentile(values, 99)),
});

/**
 * Runs the door case against the api at `base` on the seeded database: makes DEVICES door
 * accounts with a session each, starts the baseline, and alternates rounds. Answers the report's
 * `door` section.
 */
export async function runDoorBench({ base, pool, env, freePort, log, setPhase }) {
  const secret = env.QR_SECRET;
  // DEVICES seeded members become door staff, each with a session of its own (no 20 password hashes).
  const staff = (
    await pool.query(
      `update members set role = 'door' where id in (select id from members where role = 'member' order by email desc limit $1)
       returning id`,
      [DEVICES],
    )
  ).rows;
  const phones = [];
  for (const { id } of staff) {
    const token = randomBytes(32).toString('base64url');
    await pool.query(`insert into sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [
      id,
      createHash('sha256').update(token).digest('hex'),
    ]);
    phones.push(token);
  }
  // Coupons members hold and nobody has used, in an order no phone shares with another.
  const coupons = (
    await pool.query(
      `select uc.id from user_coupons uc join coupons c on c.id = uc.coupon_id
        where uc.redeemed_at is null and c.is_active and c.archived_at is null and c.valid_until is null
        order by uc.id`,
    )
  ).rows.map((row) => row.id);
  let next = 0;
  const takeCoupon = () => coupons[next++];

  const port = await freePort();
  const baseline = spawn(process.execPath, [fileURLToPath(import.meta.url), '--baseline'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, PORT: String(port), QR_SECRET: secret },
  });
  const baselineUrl = `http://127.0.0.1:${port}`;
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`${baselineUrl}/api/door/check`, { method: 'POST', body: '{}' })).status === 401) break;
      } catch {
        // not listening yet
      }
      if (tries > 200) throw new Error('the door baseline did not start within 60 s');
      await sleep(300);
    }
    const servers = { api: base, baseline: baselineUrl };
    setPhase('door warm-up');
    log(`door: ${phones.length} phones, ${DOOR_WARMUP_SECONDS} s warm-up each, then ${DOOR_ROUNDS} alternating rounds`);
    for (const url of Object.values(servers)) await doorRound(url, phones, takeCoupon, secret, DOOR_WARMUP_SECONDS);
    const rounds = [];
    const all = { api: { check: [], redeem: [] }, baseline: { check: [], redeem: [] } };
    const failures = { api: 0, baseline: 0 };
    const statuses = { api: {}, baseline: {} };
    for (let i = 0; i < DOOR_ROUNDS; i += 1) {
      const pair = {};
      for (const [name, url] of Object.entries(servers)) {
        setPhase(`door ${name}`);
        const samples = await doorRound(url, phones, takeCoupon, secret, DOOR_SECONDS / DOOR_ROUNDS);
        all[name].check.push(...samples.check);
        all[name].redeem.push(...samples.redeem);
        failures[name] += samples.failures;
        for (const [status, n] of Object.entries(samples.statuses)) statuses[name][status] = (statuses[name][status] ?? 0) + n;
        pair[name] = { checkP95: round(percentile(samples.check, 95)), redeemP95: round(percentile(samples.redeem, 95)) };
      }
      pair.checkP95Ratio = round(pair.api.checkP95 / pair.baseline.checkP95, 2);
      pair.redeemP95Ratio = round(pair.api.redeemP95 / pair.baseline.redeemP95, 2);
      rounds.push(pair);
    }
    if (next >= coupons.length) log('door: ran out of unused coupons before the rounds ended');
    const result = {
      devices: phones.length,
      seconds: DOOR_SECONDS,
      rounds,
      api: { check: latency(all.api.check), redeem: latency(all.api.redeem), failures: failures.api, statuses: statuses.api },
      baseline: {
        check: latency(all.baseline.check),
        redeem: latency(all.baseline.redeem),
        failures: failures.baseline,
        statuses: statuses.baseline,
      },
      checkP95Ratio: percentile(
        rounds.map((r) => r.checkP95Ratio),
        50,
      ),
      redeemP95Ratio: percentile(
        rounds.map((r) => r.redeemP95Ratio),
        50,
      ),
    };
    // Every redemption the api answered 200 happened once: the coupons' counts agree with the rows.
    const counts = (
      await pool.query(
        `select count(*)::int as coupons from coupons c
          where c.redeemed_count <> (select count(*) from user_coupons uc where uc.coupon_id = c.id and uc.redeemed_at is not null)`,
      )
    ).rows[0];
    result.redeemedCountsMatch = counts.coupons === 0;
    return result;
  } finally {
    if (baseline.exitCode === null && baseline.signalCode === null) {
      const exited = new Promise((resolve) => baseline.on('exit', resolve));
      baseline.kill('SIGTERM');
      await exited;
    }
  }
}

/** The door's budgets, for bench.mjs's table. */
export function doorBudgets(door) {
  return [
    {
      budget: `door check p95 <= ${DOOR_BUDGETS.checkP95Ms} ms (${door.devices} phones)`,
      measured: `${door.api.check.p95} ms (baseline ${door.baseline.check.p95} ms, ${door.checkP95Ratio}x)`,
      met: door.api.check.p95 <= DOOR_BUDGETS.checkP95Ms,
    },
    {
      budget: `door redeem p95 <= ${DOOR_BUDGETS.redeemP95Ms} ms (${door.devices} phones)`,
      measured: `${door.api.redeem.p95} ms (baseline ${door.baseline.redeem.p95} ms, ${door.redeemP95Ratio}x)`,
      met: door.api.redeem.p95 <= DOOR_BUDGETS.redeemP95Ms,
    },
    {
      budget: 'door: every check and redeem answered, each coupon redeemed once',
      measured: `${door.api.failures} failed of ${door.api.redeem.n}; counts ${door.redeemedCountsMatch ? 'match' : 'DIFFER'}`,
      met: door.api.failures === 0 && door.redeemedCountsMatch,
    },
  ];
}

/** The door's rows of bench.mjs's markdown report. */
export function doorMarkdown(door) {
  const row = (name, x) =>
    `| ${name} | ${x.check.n} | ${x.check.p50} / ${x.check.p95} / ${x.check.p99} | ${x.redeem.p50} / ${x.redeem.p95} / ${x.redeem.p99} | ${x.failures} |`;
  return [
    `| Door mode, ${door.devices} phones checking then redeeming (${door.seconds} s each in ${door.rounds.length} alternating rounds) | check-redeem pairs | check p50 / p95 / p99 ms | redeem p50 / p95 / p99 ms | failed pairs |`,
    '| --- | ---: | ---: | ---: | ---: |',
    row('api', door.api),
    row('baseline (node:http + pg)', door.baseline),
    '',
    `api/baseline p95 by round: check ${door.rounds.map((r) => r.checkP95Ratio).join(', ')} (median ${door.checkP95Ratio}); redeem ${door.rounds.map((r) => r.redeemP95Ratio).join(', ')} (median ${door.redeemP95Ratio}).`,
    '',
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--baseline') {
  await startBaseline(process.env.DATABASE_URL, Number(process.env.PORT), process.env.QR_SECRET);
  await new Promise(() => undefined); // serve until SIGTERM
}
