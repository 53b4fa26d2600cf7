// npm run bench:door: the door drill. A throwaway stack (api) seeded with 10,000 members with a
// card each and 50,000 claimed coupons; three doors (Main, VIP, Floor) signed in as door accounts;
// 600 arrivals in 30 minutes of simulated time (compressed), each a member showing a card (a visit)
// or a coupon's QR (check, then redeem), some holding a coupon already used at another door. The
// Floor door loses the network for 5 simulated minutes mid-way: it decides from tonight's door data
// (the device's lookup: SHA-256 of salt:code through Web Crypto, then @nocturne/domain's rules) and
// queues what it did, sent in one batch on reconnect. Reported beside each goal: the data's size and
// first download, verdict p95 online (at the api) and offline (on the device, here Node without CPU
// throttling), the sync after reconnect, redemptions lost, double redemptions not reported as
// conflicts, and the ledger verified.
import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { admin, dropRedisPrefix, must, node, root, SERVICE_ENV, SERVICE_NODE_FLAGS, throwawayStack } from './stack-helpers.mjs';

const MEMBERS = Number(process.env.DRILL_MEMBERS ?? 10_000);
const CLAIMS_PER_MEMBER = Number(process.env.DRILL_CLAIMS_PER_MEMBER ?? 5);
const COUPONS = 50;
const ARRIVALS = Number(process.env.DRILL_ARRIVALS ?? 600);
const NIGHT_SECONDS = 30 * 60;
/** Simulated seconds per real second: 30 minutes in 60 s. */
const COMPRESSION = Number(process.env.DRILL_COMPRESSION ?? 30);
const OFFLINE_FROM = 12 * 60;
const OFFLINE_UNTIL = 17 * 60;
const DOORS = ['Main door', 'VIP', 'Floor'];
const OFFLINE_DOOR = 2;
const GOALS = { dataGzipMb: 2, firstDownloadS: 5, onlineP95Ms: 50, offlineP95Ms: 100, syncS: 10, lost: 0, unreported: 0 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
const log = (message) => console.error(`[drill] ${message}`);
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// The api's codes (coupons/short-code.ts, qr-token.service.ts), so the seeded rows are valid ones.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function shortCode(secret, id, subject) {
  const digest = createHmac('sha256', secret).update(`${subject}-short-code:${id}`).digest();
  let code = '';
  for (let digit = 0; digit < 11; digit++) {
    let value = 0;
    for (let bit = digit * 5; bit < digit * 5 + 5; bit++) value = (value << 1) | ((digest[bit >> 3] >> (7 - (bit & 7))) & 1);
    code += CROCKFORD[value];
  }
  return code;
}
const qrToken = (secret, id, subject) => createHmac('sha256', secret).update(`${subject}:${id}`).digest('base64url');

async function waitUntil(url) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the api did not become ready within 90 s');
    await sleep(300);
  }
}

async function call(base, method, route, token, body) {
  const started = performance.now();
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
}

async function seed(pool, secret) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const members = await client.query(
      `insert into members (email, first_name, last_name, password_hash, created_at, updated_at)
       select 'drill-' || g || '@nocturne.test', (array['Jordan','Sam','Alex','Robin','Kai','Noor','Lee','Max'])[1 + g % 8],
              'Guest ' || g, 'x', now() - interval '1 day' - g * interval '1 minute', now() - interval '1 day'
         from generate_series(1, $1) g returning id`,
      [MEMBERS],
    );
    const memberIds = members.rows.map((row) => row.id);
    const cards = memberIds.map((memberId) => ({ id: randomUUID(), memberId }));
    for (let i = 0; i < cards.length; i += 5000) {
      const part = cards.slice(i, i + 5000);
      await client.query(
        `insert into member_cards (id, member_id, short_code, issued_at)
         select *, now() - interval '1 day' from unnest($1::uuid[], $2::uuid[], $3::text[])`,
        [part.map((c) => c.id), part.map((c) => c.memberId), part.map((c) => shortCode(secret, c.id, 'member-card'))],
      );
    }
    const coupons = await client.query(
      `insert into coupons (code, title, description, type, value, points_cost, required_tier, per_member_limit, claimed_count)
       select 'DRILL' || g, 'House offer ' || g, 'Seeded for the door drill',
              (array['percentage','fixed_amount','free_drink','vip_upgrade'])[1 + g % 4], 10, 0, 'bronze', 1, $2
         from generate_series(1, $1) g returning id`,
      [COUPONS, (MEMBERS * CLAIMS_PER_MEMBER) / COUPONS],
    );
    const couponIds = coupons.rows.map((row) => row.id);
    const held = [];
    memberIds.forEach((memberId, n) => {
      for (let k = 0; k < CLAIMS_PER_MEMBER; k++)
        held.push({ id: randomUUID(), memberId, couponId: couponIds[(n * CLAIMS_PER_MEMBER + k) % COUPONS] });
    });
    for (let i = 0; i < held.length; i += 5000) {
      const part = held.slice(i, i + 5000);
      await client.query(
        `insert into user_coupons (id, member_id, coupon_id, short_code, claimed_at)
         select *, now() - interval '1 day' from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[])`,
        [
          part.map((h) => h.id),
          part.map((h) => h.memberId),
          part.map((h) => h.couponId),
          part.map((h) => shortCode(secret, h.id, 'user-coupon')),
        ],
      );
    }
    await client.query('commit');
    await client.query('analyze');
    return { cards, held };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function doorSession(pool, name) {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await pool.query(
    `insert into members (email, first_name, password_hash, role) values ($1, $2, 'x', 'door') returning id`,
    [`door-${name.replace(/\W/g, '').toLowerCase()}@nocturne.test`, name.split(' ')[0]],
  );
  await pool.query(`insert into sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '2 hours')`, [
    rows[0].id,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return { name, token, staffId: rows[0].id };
}

/** The device's lookup: tonight's data by code hash (as web/src/features/door/offline/door-index.ts keeps it). */
class DeviceIndex {
  constructor(domain) {
    this.domain = domain;
    this.members = new Map();
    this.byHash = new Map();
    this.coupons = new Map();
  }
  apply(data) {
    if (data.full) {
      this.members.clear();
      this.byHash.clear();
    }
    this.data = data;
    this.coupons = new Map(data.coupons.map((c) => [c[0], c]));
    for (const member of data.members) {
      this.members.set(member[0], member);
      if (member[6]) this.byHash.set(member[6], { member: member[0], held: null });
      for (const h of member[7]) this.byHash.set(h[1], { member: member[0], held: h[0] || h[1] });
    }
  }
  async hash(value) {
    const digest = new Uint8Array(
      await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(`${this.data.salt}:${value}`)),
    );
    return Buffer.from(digest).toString('base64url').slice(0, 11);
  }
  async decide(text, now) {
    const payload = JSON.parse(text);
    const hit = this.byHash.get(await this.hash(payload.token));
    if (!hit) return { ok: false, message: 'Not in tonight’s door data' };
    const member = this.members.get(hit.member);
    const m = { firstName: member[1], tier: member[2], active: member[3], visited: member[4] };
    if (hit.held === null) return { kind: 'card', member: hit.member, ...this.domain.offlineCardVerdict(m) };
    const h = member[7].find((x) => (x[0] || x[1]) === hit.held);
    const c = this.coupons.get(h[2]);
    const coupon = {
      title: c[1],
      type: c[2],
      value: c[3],
      validUntil: c[4] === null ? null : new Date(c[4] * 1000),
      state: c[5],
    };
    const redeemed =
      h[3] === null ? null : { at: new Date(h[3] * 1000), by: h[4] === '' ? { by: 'member' } : { by: 'staff', firstName: h[4] } };
    return {
      kind: 'coupon',
      held: h,
      ...this.domain.offlineCouponVerdict({ coupon, member: m, redeemed }, now, this.data.timeZone),
    };
  }
}

log('building (tsc -b)');
must('build', ['node_modules/typescript/bin/tsc', '-b']);
const domain = await import(path.join(root, 'libs/domain/dist/index.js'));
const secret = randomBytes(32).toString('hex');
const { serverUrl, database, env } = await throwawayStack('drill', {
  NODE_ENV: 'production',
  QR_SECRET: secret,
  TRUST_PROXY: '1',
});
const base = env.APP_URL;
let apiProcess;
let pool;
const report = { goals: GOALS };
try {
  await admin(serverUrl, `CREATE DATABASE "${database}"`);
  must('migrate', ['libs/db/dist/scripts/migrate.js'], env);
  apiProcess = spawn(node, [...SERVICE_NODE_FLAGS, 'api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, ...SERVICE_ENV },
  });
  await waitUntil(`${base}/health/ready`);
  pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
  pool.on('error', () => undefined);
  log(`seeding ${MEMBERS} members with a card each and ${MEMBERS * CLAIMS_PER_MEMBER} claimed coupons`);
  const seeded = await seed(pool, Buffer.from(secret, 'utf8'));
  const doors = [];
  for (const name of DOORS) doors.push(await doorSession(pool, name));

  // Tonight's data: the first download of each door, its size raw and gzipped.
  const devices = doors.map(() => new DeviceIndex(domain));
  const firsts = [];
  for (const [i, door] of doors.entries()) {
    const answer = await call(base, 'GET', '/api/door/data', door.token);
    if (answer.status !== 200) throw new Error(`door data: ${answer.status} ${answer.text.slice(0, 200)}`);
    firsts.push(answer.ms);
    devices[i].apply(answer.body);
    if (i === 0) {
      report.data = {
        members: answer.body.members.length,
        coupons: answer.body.members.reduce((n, m) => n + m[7].length, 0),
        rawMb: round(Buffer.byteLength(answer.text) / 2 ** 20, 2),
        gzipMb: round(gzipSync(answer.text).length / 2 ** 20, 2),
      };
    }
  }
  report.firstDownloadS = round(Math.max(...firsts) / 1000, 2);
  log(`data ${JSON.stringify(report.data)}, first download ${report.firstDownloadS} s`);

  // The night: arrivals spread over 30 simulated minutes, each at door i % 3.
  const sessions = seeded.cards.map((card, n) => ({
    card,
    held: seeded.held.slice(n * CLAIMS_PER_MEMBER, (n + 1) * CLAIMS_PER_MEMBER),
  }));
  const used = []; // coupons redeemed tonight: [heldId, door]
  const accepted = new Map(); // heldId -> doors that took the redemption (online 200, or queued offline and done/conflict)
  const online = { check: [], redeem: [], poll: [] };
  const offlineVerdicts = [];
  const queue = [];
  let reused = 0;
  let polling = true;
  const pollers = doors.map((door, i) =>
    (async () => {
      while (polling) {
        await sleep(2000);
        if (i === OFFLINE_DOOR && door.offline) continue;
        const answer = await call(base, 'GET', `/api/door/data?since=${encodeURIComponent(devices[i].data.version)}`, door.token);
        if (answer.status === 200) {
          devices[i].apply(answer.body);
          online.poll.push(answer.ms);
        }
      }
    })(),
  );
  const started = Date.now();
  let syncReport = null;
  for (let n = 0; n < ARRIVALS; n++) {
    const simulated = (n * NIGHT_SECONDS) / ARRIVALS;
    const due = started + (simulated / COMPRESSION) * 1000;
    if (due > Date.now()) await sleep(due - Date.now());
    const doorIndex = n % DOORS.length;
    const door = doors[doorIndex];
    door.offline = doorIndex === OFFLINE_DOOR && simulated >= OFFLINE_FROM && simulated < OFFLINE_UNTIL;
    if (doorIndex === OFFLINE_DOOR && !door.offline && queue.length > 0) {
      const t0 = performance.now();
      const answer = await call(base, 'POST', '/api/door/sync', door.token, { items: queue.splice(0) });
      syncReport = {
        items: answer.body.results.length,
        s: round((performance.now() - t0) / 1000, 2),
        results: answer.body.results,
      };
      log(`reconnected: ${syncReport.items} items synced in ${syncReport.s} s`);
    }
    // Every 12th coupon arrival holds a coupon already used at another door.
    const reuse = n % 12 === 5 && used.length > 0;
    const guest = sessions[(n * 7919) % sessions.length];
    const showsCard = !reuse && n % 2 === 0;
    let text;
    let heldId = null;
    if (showsCard) text = JSON.stringify({ memberCardId: guest.card.id, token: qrToken(secret, guest.card.id, 'member-card') });
    else {
      const other = reuse ? used.filter(([, d]) => d !== doorIndex).at(-1) : null;
      heldId = other ? other[0] : guest.held[n % CLAIMS_PER_MEMBER].id;
      if (other) reused += 1;
      text = JSON.stringify({ userCouponId: heldId, token: qrToken(secret, heldId, 'user-coupon') });
    }
    if (door.offline) {
      const t0 = performance.now();
      const verdict = await devices[doorIndex].decide(text, new Date());
      offlineVerdicts.push(performance.now() - t0);
      const at = new Date().toISOString();
      if (verdict.kind === 'card' && verdict.ok && verdict.recordsVisit) {
        queue.push({ id: randomUUID(), kind: 'visit', at, text, method: 'scan' });
        devices[doorIndex].members.get(verdict.member)[4] = true;
      }
      if (verdict.kind === 'coupon' && verdict.ok) {
        const id = randomUUID();
        queue.push({ id, kind: 'redeem', at, text, method: 'scan' });
        verdict.held[3] = Math.floor(Date.now() / 1000);
        verdict.held[4] = door.name;
        (accepted.get(heldId) ?? accepted.set(heldId, []).get(heldId)).push({ door: doorIndex, syncId: id });
        used.push([heldId, doorIndex]);
      }
      continue;
    }
    const check = await call(base, 'POST', '/api/door/check', door.token, { text, method: 'scan' });
    online.check.push(check.ms);
    if (!showsCard && check.body?.ok) {
      const redeem = await call(base, 'POST', '/api/door/redeem', door.token, { text, method: 'scan' });
      online.redeem.push(redeem.ms);
      if (redeem.status === 200) {
        (accepted.get(heldId) ?? accepted.set(heldId, []).get(heldId)).push({ door: doorIndex, syncId: null });
        used.push([heldId, doorIndex]);
      }
    }
  }
  if (queue.length > 0) {
    const t0 = performance.now();
    const answer = await call(base, 'POST', '/api/door/sync', doors[OFFLINE_DOOR].token, { items: queue.splice(0) });
    syncReport = {
      items: answer.body.results.length,
      s: round((performance.now() - t0) / 1000, 2),
      results: answer.body.results,
    };
  }
  polling = false;
  await Promise.all(pollers);

  // What the night left: every redemption a door took is recorded, and every coupon two doors took is reported.
  const outcomes = new Map((syncReport?.results ?? []).map((r) => [r.id, r.outcome]));
  const ids = [...accepted.keys()];
  const { rows } = await pool.query(`select id from user_coupons where id = any($1::uuid[]) and redeemed_at is not null`, [ids]);
  const redeemed = new Set(rows.map((row) => row.id));
  const lost = ids.filter((id) => !redeemed.has(id)).length;
  const unreported = ids.filter((id) => {
    const takers = accepted.get(id);
    if (takers.length < 2) return false;
    return !takers.some((taker) => taker.syncId && outcomes.get(taker.syncId) === 'conflict');
  }).length;
  const conflicts = (syncReport?.results ?? []).filter((r) => r.outcome === 'conflict');
  let ledger = 'verified';
  try {
    must('ledger:verify', ['api/dist/scripts/ledger-verify.js'], env);
  } catch {
    ledger = 'FAILED';
  }
  Object.assign(report, {
    arrivals: ARRIVALS,
    simulatedMinutes: NIGHT_SECONDS / 60,
    realSeconds: round((Date.now() - started) / 1000),
    reusedCodes: reused,
    onlineCheckP95Ms: round(percentile(online.check, 95)),
    onlineRedeemP95Ms: round(percentile(online.redeem, 95)),
    pollP95Ms: round(percentile(online.poll, 95)),
    offlineVerdicts: offlineVerdicts.length,
    offlineP95Ms: round(percentile(offlineVerdicts, 95), 2),
    syncItems: syncReport?.items ?? 0,
    syncS: syncReport?.s ?? null,
    conflictsReported: conflicts.length,
    conflictExamples: conflicts.slice(0, 3).map((r) => r.message),
    redemptionsTaken: ids.length,
    lost,
    unreported,
    ledger,
  });
  const line = (what, value, goal, ok) => `| ${what} | ${value} | ${goal} | ${ok ? 'ok' : 'OVER'} |`;
  console.log(
    [
      '| figure | measured | goal | |',
      '|---|---|---|---|',
      line(
        "tonight's data, gzipped (raw)",
        `${report.data.gzipMb} MB (${report.data.rawMb} MB)`,
        '≤ 2 MB',
        report.data.gzipMb <= GOALS.dataGzipMb,
      ),
      line('first download', `${report.firstDownloadS} s`, '≤ 5 s', report.firstDownloadS <= GOALS.firstDownloadS),
      line(
        'verdict p95 online (check at the api)',
        `${report.onlineCheckP95Ms} ms`,
        '≤ 50 ms',
        report.onlineCheckP95Ms <= GOALS.onlineP95Ms,
      ),
      line(
        'verdict p95 offline (device lookup, Node, no throttling)',
        `${report.offlineP95Ms} ms`,
        '≤ 100 ms',
        report.offlineP95Ms <= GOALS.offlineP95Ms,
      ),
      line(
        'sync of the offline queue after reconnect',
        `${report.syncS} s (${report.syncItems} items)`,
        '≤ 10 s',
        (report.syncS ?? 0) <= GOALS.syncS,
      ),
      line('redemptions lost', report.lost, '0', report.lost === 0),
      line('double redemptions not reported as conflicts', report.unreported, '0', report.unreported === 0),
      line('ledger', report.ledger, 'verified', report.ledger === 'verified'),
    ].join('\n'),
  );
  console.log(JSON.stringify(report, null, 2));
} finally {
  await pool?.end().catch(() => undefined);
  if (apiProcess && apiProcess.exitCode === null) {
    const exited = new Promise((resolve) => apiProcess.on('exit', resolve));
    apiProcess.kill('SIGTERM');
    await exited;
  }
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
}
