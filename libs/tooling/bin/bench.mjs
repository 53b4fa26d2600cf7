#!/usr/bin/env node
// npm run bench: builds the api and worker, seeds a throwaway database at scale, starts the stack
// and a bare node:http + pg baseline running the same SQL, loads both with autocannon on loopback,
// then measures writes at 200 concurrent members, sign-in, outbox latency and memory. Writes
// var/bench/report.json and prints a markdown table. Always stops its children and drops the DB.
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { doorBudgets, doorMarkdown, runDoorBench } from './bench-door.mjs';
import {
  admin,
  baselinePool,
  commitLabel,
  dropRedisPrefix,
  freePort,
  must,
  SERVICE_ENV,
  SERVICE_NODE_FLAGS,
  throwawayStack,
} from './stack-helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const node = process.execPath;
const PASSWORD = 'midnight-velvet-bench-2026';
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
/** Unmeasured load before each measured read, so both servers are compared with warm JITs and settled GCs. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/**
 * The measured read time of each server is split into this many rounds that alternate api,
 * baseline, api, ... so a change in a shared machine's load falls on both alike; the ratios
 * reported are the medians of the rounds' ratios.
 */
const READ_ROUNDS = Math.max(1, Number(process.env.BENCH_READ_ROUNDS ?? 5));
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 10);
/** The write loads' rounds per server, alternating as the reads' do (claims and redeems on coupons of each round's own). */
const WRITE_ROUNDS = Math.max(1, Number(process.env.BENCH_WRITE_ROUNDS ?? 5));
const MEMBERS = 10_000;
const POSTS = 1_000;
const COMMENTS_PER_POST = 100;
const COUPONS = 200;
const CLAIMS_PER_MEMBER = 5; // 10,000 x 5 = 50,000 user coupons
const WRITERS = 200;
/**
 * Claimed, unredeemed coupons each writer holds for one round of the redeem load, per server: one
 * of each of this many coupons, enough for 8 redemptions a second per writer (1,600 req/s at 200
 * writers) for the whole write time. Writers walk them from different starting points, so this
 * also sets how many share a coupon's row at once (200 writers on 80 coupons: two or three). A
 * writer that used them all stops (autocannon's maxConnectionRequests), and the report says so.
 */
const REDEEMS_PER_WRITER = Math.max(20, Math.ceil(WRITE_SECONDS * 8));
/** The tiers in order, as claim-rules.ts hands them to PostgreSQL. */
const TIERS = ['bronze', 'silver', 'gold', 'platinum'];

const log = (message) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
/** What the run is doing now, so the RSS samples can say which phase drove the peak. */
let phase = 'startup';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(url, ready, what) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if (ready(await fetch(url))) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within 60 s`);
    await sleep(300);
  }
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}
let ipCounter = 0;
/** A distinct client address per call, so per-IP rate limits see many clients (TRUST_PROXY is on). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

async function api(base, method, route, { body, token, ip } = {}) {
  const headers = { 'x-forwarded-for': ip ?? nextIp() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** VmRSS of a process in MB, sampled every 500 ms: start (first sample) and peak. */
function rssSampler(pid) {
  const read = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : null;
    } catch {
      return null;
    }
  };
  const stats = { startMb: null, peakMb: 0, peakByPhaseMb: {} };
  const sample = () => {
    const mb = read();
    if (mb === null) return;
    stats.startMb ??= mb;
    stats.peakMb = Math.max(stats.peakMb, mb);
    stats.peakByPhaseMb[phase] = round(Math.max(stats.peakByPhaseMb[phase] ?? 0, mb));
  };
  sample();
  const timer = setInterval(sample, 500);
  return { stats, stop: () => clearInterval(timer), reset: () => ((stats.startMb = null), (stats.peakMb = 0), sample()) };
}

// ---------------------------------------------------------------------------------------------
// Seeding: one member registered through the api gives the welcome bonus amount and a real
// password hash; everything else is generate_series SQL that keeps the cached counters and the
// ledger consistent (ledger:verify must pass).
async function seed(pool, base) {
  const first = await api(base, 'POST', '/api/auth/register', {
    body: {
      email: 'bench-1@nocturne.test',
      firstName: 'Bench',
      lastName: 'Member 1',
      password: PASSWORD,
      dateOfBirth: '1990-06-15',
    },
  });
  if (first.status !== 202) throw new Error(`register failed: ${first.status} ${JSON.stringify(first.body)}`);
  const client = await pool.connect();
  try {
    const { rows } = await client.query(
      "select password_hash, current_points, total_points, member_tier from members where email = 'bench-1@nocturne.test'",
    );
    const { password_hash: hash, current_points: bonus, member_tier: tier } = rows[0];
    await client.query('begin');
    await client.query(
      `insert into members (email, first_name, last_name, password_hash, current_points, total_points, member_tier, created_at)
       select 'bench-' || g || '@nocturne.test', 'Bench', 'Member ' || g, $1, $2, $2, $3, now() - g * interval '1 minute'
         from generate_series(2, $4) g`,
      [hash, bonus, tier, MEMBERS],
    );
    if (bonus > 0) {
      await client.query(
        `insert into point_transactions (member_id, points, kind, description, source_type, source_id, created_at)
         select id, $1, 'welcome_bonus', 'Welcome bonus', 'member', id::text, created_at from members
          where email <> 'bench-1@nocturne.test'`,
        [bonus],
      );
    }
    await client.query('create temp table bench_members as select id, row_number() over (order by id) - 1 as n from members');
    await client.query(
      `insert into news_posts (title, content, content_type, published_at, created_at)
       select 'Night ' || g || ': what is on', repeat('Doors at ten, last entry at two. Dress code: dark. ', 8),
              (array['announcement','event','exclusive_content','promotion'])[1 + g % 4],
              now() - g * interval '3 hours', now() - g * interval '3 hours'
         from generate_series(1, $1) g`,
      [POSTS],
    );
    await client.query(
      'create temp table bench_posts as select id, created_at, row_number() over (order by id) - 1 as n from news_posts',
    );
    await client.query(
      `insert into news_comments (post_id, author_id, content, created_at)
       select p.id, m.id, 'See you on the floor #' || g, p.created_at + g * interval '1 minute'
         from bench_posts p cross join generate_series(1, $1) g
         join bench_members m on m.n = (p.n * $1 + g) % $2`,
      [COMMENTS_PER_POST, MEMBERS],
    );
    await client.query(
      `update news_posts p set comment_count = c.count
         from (select post_id, count(*)::int as count from news_comments where deleted_at is null group by post_id) c
        where c.post_id = p.id`,
    );
    await client.query(
      `insert into coupons (code, title, description, type, value, points_cost, required_tier, max_uses, per_member_limit, created_at)
       select 'SEED' || g, 'House offer ' || g, 'Seeded for the benchmark', (array['percentage','fixed_amount','free_drink','vip_upgrade'])[1 + g % 4],
              10, 0, 'bronze', case when g % 2 = 0 then 1000 else null end, 1, now() - g * interval '1 hour'
         from generate_series(1, $1) g`,
      [COUPONS],
    );
    await client.query('create temp table bench_coupons as select id, row_number() over (order by id) - 1 as n from coupons');
    // Member n claims coupons (n*5 .. n*5+4) mod 200: five distinct coupons each, 250 claims per coupon.
    await client.query(
      `insert into user_coupons (member_id, coupon_id, claimed_at)
       select m.id, c.id, now() - k * interval '1 day'
         from bench_members m cross join generate_series(0, $1 - 1) k
         join bench_coupons c on c.n = (m.n * $1 + k) % $2`,
      [CLAIMS_PER_MEMBER, COUPONS],
    );
    await client.query(
      `update coupons c set claimed_count = u.count from (select coupon_id, count(*)::int as count from user_coupons group by coupon_id) u
        where u.coupon_id = c.id`,
    );
    await client.query('commit');
    await client.query('analyze');
    const counts = await client.query(
      `select (select count(*) from members)::int as members, (select count(*) from news_posts)::int as posts,
              (select count(*) from news_comments)::int as comments, (select count(*) from coupons)::int as coupons,
              (select count(*) from user_coupons)::int as user_coupons, (select count(*) from point_transactions)::int as ledger_rows`,
    );
    return counts.rows[0];
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------
// The baseline: the same three reads with the same SQL (including the per-request session
// lookup) and the comment and claim transactions (bench-writes.mjs) on node:http + pg, no
// framework, no validation, no logging.
/** The baseline's write transactions (bench-writes.mjs), loaded after the build (it imports @nocturne/domain's dist). */
let couponDetails, readJson, writeRoute;

function startBaseline(databaseUrl, port) {
  const pool = baselinePool(databaseUrl);
  // The api's session lookup as it runs it (api/src/modules/auth/session.service.ts).
  const sessionSql = `select s.id as session_id, s.last_seen_at, s.expires_at, s.created_at as session_created_at, m.id, m.email,
              m.first_name as "firstName", m.last_name as "lastName", m.role, m.current_points as "currentPoints",
              m.total_points as "totalPoints", m.member_tier as "memberTier", m.created_at as "createdAt"
         from sessions s join members m on m.id = s.member_id
        where s.token_hash = $1 and s.revoked_at is null and m.disabled_at is null and s.expires_at > now()
          and s.created_at > now() - make_interval(secs => $2)`;
  const SESSION_MAX_SECONDS = 90 * 24 * 3600;
  const routes = {
    '/api/news': async (member) => {
      const { rows } = await pool.query(
        `select p.id, p.title, p.content, p.content_type, p.featured_image_url, p.created_at, p.view_count, p.like_count, p.comment_count,
                to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
                exists (select 1 from news_likes l where l.post_id = p.id and l.member_id = $1) as liked_by_me,
                array(select v.venue_id from news_post_venues v where v.post_id = p.id order by v.venue_id) as venue_ids
           from news_posts p
          where p.published_at <= now()
          order by p.created_at desc, p.id desc
          limit $2`,
        [member.id, 21],
      );
      const posts = rows.slice(0, 20);
      const last = posts.at(-1);
      return {
        posts: posts.map((row) => ({
          id: row.id,
          title: row.title,
          content: row.content,
          contentType: row.content_type,
          featuredImageUrl: row.featured_image_url,
          createdAt: new Date(row.created_at).toISOString(),
          viewCount: row.view_count,
          likeCount: row.like_count,
          commentCount: row.comment_count,
          likedByMe: row.liked_by_me,
        })),
        nextCursor: rows.length > 20 && last ? Buffer.from(`${last.cursor_at}|${last.id}`).toString('base64url') : null,
      };
    },
    '/api/coupons': async (member) => {
      // The api's statement as compiled from claim-rules.ts (couponsWithClaimant, claimObstacleSql,
      // couponOfferedSql): every claim rule judged by PostgreSQL, the member's row and their claims
      // of each coupon joined once.
      const { rows } = await pool.query(
        `select c.id, c.code, c.title, c.description, c.type, c.value, c.points_cost, c.required_tier, c.max_uses, c.per_member_limit,
                c.valid_until, c.is_active, c.archived_at, c.claimed_count, c.redeemed_count, c.created_at,
                case when c.archived_at is not null then 'withdrawn' when not c.is_active then 'paused'
                     when (c.valid_until is not null and c.valid_until <= now()) then 'expired'
                     when (c.max_uses is not null and c.claimed_count >= c.max_uses) then 'fully_claimed'
                     when array_position($1::text[], c.required_tier) > array_position($1::text[], me.member_tier) then 'tier'
                     when coalesce(mine.claims, 0) >= c.per_member_limit then 'already_claimed'
                     when me.current_points < c.points_cost then 'points'
                     else null end as obstacle,
                array(select cv.venue_id from coupon_venues cv where cv.coupon_id = c.id order by cv.venue_id) as venue_ids
           from coupons c
           join members me on me.id = $2
           left join (select coupon_id, count(*)::int as claims from user_coupons where member_id = $2 group by coupon_id) mine
             on mine.coupon_id = c.id
          where not (c.archived_at is not null or not c.is_active or (c.valid_until is not null and c.valid_until <= now()))
            and not (c.max_uses is not null and c.claimed_count >= c.max_uses)
          order by c.created_at desc, c.id desc`,
        [TIERS, member.id],
      );
      return rows.map((row) => ({
        ...couponDetails(row),
        claimable: row.obstacle === null,
        reason: row.obstacle,
      }));
    },
    '/api/points/history': async (member) => {
      const { rows } = await pool.query(
        'select id, description, points, created_at from point_transactions where member_id = $1 order by created_at desc, id desc limit $2',
        [member.id, 200],
      );
      return rows.map((row) => ({
        id: row.id,
        description: row.description,
        points: row.points,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  };
  const server = http.createServer(async (request, response) => {
    const send = (status, body) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    };
    try {
      const pathname = new URL(request.url, 'http://x').pathname;
      const write = writeRoute(pool, request.method, pathname);
      const route = request.method === 'GET' ? routes[pathname] : undefined;
      if (!route && !write) return send(404, { statusCode: 404, message: 'Not found' });
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return send(401, { statusCode: 401, message: 'Sign in' });
      const session = (await pool.query(sessionSql, [createHash('sha256').update(token).digest('hex'), SESSION_MAX_SECONDS]))
        .rows[0];
      if (!session) return send(401, { statusCode: 401, message: 'Sign in' });
      if (write) {
        const answer = await write(session, await readJson(request));
        return send(answer.status, answer.body);
      }
      return send(200, await route(session));
    } catch (error) {
      return send(500, { statusCode: 500, message: String(error) });
    }
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ close: () => new Promise((r) => server.close(() => pool.end().then(r))) })),
  );
}

/**
 * Where a write load's time goes inside PostgreSQL: samples the database's backends every 25 ms
 * while `load` runs and counts what each was doing (running, or waiting and on what: a row lock,
 * the WAL flush of a commit, a client that has not sent its next statement yet). Returns once the
 * server has finished what the load left in flight (`settled`).
 */
async function waitsDuring(pool, database, load) {
  const cpuBefore = cpuTimes();
  const counts = {};
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await pool.query(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as what, state from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'`,
        [database],
      );
      samples += 1;
      for (const row of rows) {
        const what = row.state === 'idle in transaction' ? 'idle in transaction (the client)' : row.what;
        counts[what] = (counts[what] ?? 0) + 1;
      }
      await sleep(25);
    }
  })();
  let result, waits;
  try {
    result = await load();
    waits = topWaits(counts, samples);
  } finally {
    running = false;
    await sampler;
    await settled(pool, database);
  }
  // After the work the load left in flight: what it cost is the load's.
  const cpuAfter = cpuTimes();
  const cpuMs = Object.fromEntries(Object.keys(cpuAfter).map((name) => [name, cpuAfter[name] - (cpuBefore[name] ?? 0)]));
  return { result, waits, cpuMs };
}

/** The processes whose CPU time a write load reports (api, worker, baseline: set as they start). */
const cpuWatched = {};
const CLOCK_TICKS_PER_MS = 100 / 1000; // Linux's USER_HZ: /proc reports CPU time in hundredths of a second

/**
 * CPU time of one process (user + system), in ms, with that of its children that have exited and
 * been waited for when `reaped` (PostgreSQL's backends and autovacuum workers come and go: what
 * they spent moves to the postmaster); null once it has gone.
 */
function processCpuMs(pid, reaped = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of proc_pid_stat(5)
    const ticks = Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks / CLOCK_TICKS_PER_MS;
  } catch {
    return null;
  }
}

/**
 * CPU time so far of each watched process, of this process (autocannon) and of every PostgreSQL
 * process together, in ms: a load's difference says what each side spent per request, a figure
 * a shared machine's noise moves far less than a rate.
 */
function cpuTimes() {
  const own = process.cpuUsage();
  const times = { bench: (own.user + own.system) / 1000, postgres: 0 };
  for (const [name, pid] of Object.entries(cpuWatched)) times[name] = processCpuMs(pid) ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') times.postgres += processCpuMs(entry, true) ?? 0;
    } catch {
      // gone between the listing and the read
    }
  }
  return times;
}

/**
 * Waits until the requests a timed round left behind have finished on the server. autocannon stops
 * at the round's end and drops its connections, but the server goes on with the requests in flight
 * (up to one per connection: some 200 writes, seconds of work at a write's latency), which would
 * fall on the next round, the other server's. Settled is no backend in a transaction of several
 * statements (idle in one, or running one begun before its statement) nor waiting on a lock, seen
 * three times running 25 ms apart; the worker's single statements do not count. At most 30 s.
 */
async function settled(pool, database) {
  const started = Date.now();
  const deadline = started + 30_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    const { rows } = await pool.query(
      `select count(*)::int as busy from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'
          and (state = 'idle in transaction' or (state = 'active' and xact_start < query_start) or wait_event_type = 'Lock')`,
      [database],
    );
    quiet = rows[0].busy === 0 ? quiet + 1 : 0;
    await sleep(25);
  }
  const waited = Date.now() - started;
  if (waited > 500) log(`  ${phase}: ${round(waited / 1000)} s of work the round left in flight, waited out`);
}

/** Rounds of equal length as one figure: each state's average over the rounds, the five commonest. */
function meanWaits(rounds) {
  const sums = {};
  for (const waits of rounds) for (const { what, backends } of waits) sums[what] = (sums[what] ?? 0) + backends;
  return Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([what, total]) => ({ what, backends: round(total / Math.max(1, rounds.length), 1) }));
}

/** The five commonest states, as the average number of backends in each. */
function topWaits(counts, samples) {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([what, count]) => ({ what, backends: round(count / Math.max(1, samples), 1) }));
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summarize(result) {
  return {
    requests: result.requests.total,
    rps: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
    errors: result.errors + result.timeouts,
  };
}

/**
 * A load of a fixed number of requests (the claims): its rate is the requests over the time they
 * took. autocannon's per-second average counts whole seconds, so 1,000 claims done in 2.1 s and in
 * 2.9 s both read 333 req/s; and it notices the last answer only at its next sample, so the load
 * must sample often (the claims' `sampleInt`) for its duration to be the claims' own.
 */
function summarizeFixed(result) {
  return { ...summarize(result), rps: round(result.requests.total / result.duration), seconds: result.duration };
}

/**
 * One server's rounds as one figure: the rounds' mean rate (each is autocannon's average per second:
 * a round's request count over its nominal length is not, since a round can run a second longer)
 * and their median latencies.
 */
function combineRounds(rounds) {
  const statusCodes = {};
  for (const r of rounds)
    for (const [code, count] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  return {
    requests,
    rps: round(rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length),
    p50: percentile(
      rounds.map((r) => r.p50),
      50,
    ),
    p99: percentile(
      rounds.map((r) => r.p99),
      50,
    ),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    statusCodes,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * One server's write rounds as CPU ms per request of every process: the api, the baseline, the
 * worker, PostgreSQL and autocannon (`bench`), over the rounds' requests. The api relays every
 * outbox row, the baseline's too, so its figure in the baseline's rounds is that relay.
 */
function cpuPerRequest(rounds) {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const names = [...new Set(rounds.flatMap((r) => Object.keys(r.cpuMs ?? {})))];
  return Object.fromEntries(
    names.map((name) => [name, round(rounds.reduce((sum, r) => sum + (r.cpuMs?.[name] ?? 0), 0) / Math.max(1, requests), 2)]),
  );
}

async function login(base, email) {
  const answer = await api(base, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.sessionId;
}

/**
 * An admin must enrol a second factor before anything else: the bench's admin enrols an
 * authenticator app through the api, the code computed from the secret as the app would.
 */
async function enrolSecondFactor(base, token) {
  const { generate } = await import('otplib');
  const started = await api(base, 'POST', '/api/auth/2fa/totp', { token });
  if (started.status !== 200) throw new Error(`2fa start: ${started.status} ${JSON.stringify(started.body)}`);
  const code = await generate({ secret: started.body.secret, period: 30 });
  const confirmed = await api(base, 'POST', '/api/auth/2fa/totp/confirm', { token, body: { code } });
  if (confirmed.status !== 200) throw new Error(`2fa confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The baseline runs in a process of its own, like the api, so it does not share an event loop
// with autocannon.
if (process.argv[2] === '--baseline') {
  ({ couponDetails, readJson, writeRoute } = await import('./bench-writes.mjs'));
  await startBaseline(process.env.DATABASE_URL, Number(process.env.PORT));
  await new Promise(() => undefined); // serve until SIGTERM
}

// Build first: on a fresh clone nothing is compiled yet, and the stub below comes from libs/testing/dist.
log('building (tsc -b)');
must('build', ['node_modules/typescript/bin/tsc', '-b']);
// The baseline's transactions use @nocturne/domain's built code: imported once it is built.
({ couponDetails, readJson, writeRoute } = await import('./bench-writes.mjs'));

// ActiveCampaign stand-in with AC's real limits (5 requests/s, 100 imports/min, 250 contacts per import).
const { ActiveCampaignStub } = await import(path.join(root, 'libs/testing/dist/activecampaign-stub.js'));
const acStub = await ActiveCampaignStub.start();
const { serverUrl, database, env } = await throwawayStack('bench', {
  NODE_ENV: 'production',
  QR_SECRET: randomBytes(32).toString('hex'),
  TRUST_PROXY: '1',
  AC_API_URL: acStub.url,
  AC_API_KEY: acStub.apiToken,
  // Only the bulk sync below talks to AC; per-member syncs would compete for its 5 requests/s.
  AC_AUTO_SYNC: 'false',
});
const baselinePort = await freePort();
const base = env.APP_URL;
const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemGb: round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  commit: commitLabel(),
  /** Whether the baselines prepare their statements as the api's pool does (BENCH_BASELINE_PREPARED, stack-helpers.mjs). */
  baselinePrepared: process.env.BENCH_BASELINE_PREPARED === '1',
};
const children = {};
const samplers = {};
let baseline;
let pool;
let status = 1;
const started = Date.now();
// Ctrl-C or a kill mid-run still stops the children and drops the database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}
try {
  await admin(serverUrl, `CREATE DATABASE "${database}"`);
  must('migrate', ['libs/db/dist/scripts/migrate.js'], env);
  for (const [name, entry] of [
    ['api', 'api/dist/main.js'],
    ['worker', 'worker/dist/main.js'],
  ]) {
    children[name] = spawn(node, [...SERVICE_NODE_FLAGS, entry], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env, ...SERVICE_ENV },
    });
  }
  await waitUntil(`${base}/health/ready`, (response) => response.ok, 'the stack');
  for (const name of Object.keys(children)) {
    samplers[name] = rssSampler(children[name].pid);
    cpuWatched[name] = children[name].pid;
  }

  pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
  // The final DROP ... WITH (FORCE) can terminate connections pool.end() is still closing.
  pool.on('error', () => undefined);
  phase = 'seed';
  log('seeding');
  const seedStarted = Date.now();
  report.dataset = await seed(pool, base);
  report.dataset.seedSeconds = round((Date.now() - seedStarted) / 1000);
  log(`seeded ${JSON.stringify(report.dataset)}`);

  // Sessions: one reader, WRITERS writers, all real sign-ins through the api.
  const emails = (from, count) => Array.from({ length: count }, (_, i) => `bench-${from + i}@nocturne.test`);
  const readerToken = await login(base, 'bench-2@nocturne.test');
  phase = 'sign-in';
  log(`signing in ${WRITERS} writers`);
  const writerTokens = await inBatches(emails(100, WRITERS), 4, (email) => login(base, email));

  // Reads: api and baseline in the same run, alternating in rounds per route.
  baseline = spawn(node, [fileURLToPath(import.meta.url), '--baseline'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: env.DATABASE_URL,
      PORT: String(baselinePort),
      VENUE_TZ: env.VENUE_TZ ?? 'Australia/Sydney',
      QR_SECRET: env.QR_SECRET,
    },
  });
  await waitUntil(`http://127.0.0.1:${baselinePort}/api/news`, (response) => response.status === 401, 'the baseline');
  cpuWatched.baseline = baseline.pid;
  report.reads = {};
  // Each route twice: the full answer, and the conditional path (a poll that finds nothing new:
  // the api gets the ETag it answered last and replies 304) against the baseline's full answer.
  const readCases = [
    ...['/api/news', '/api/coupons', '/api/points/history'].map((route) => ({ route, name: route, conditional: false })),
    ...['/api/news', '/api/coupons'].map((route) => ({ route, name: `${route} (304)`, conditional: true })),
  ];
  for (const { route, name, conditional } of readCases) {
    const headers = { authorization: `Bearer ${readerToken}` };
    const check = await fetch(`${base}${route}`, { headers });
    if (check.status !== 200) throw new Error(`${route}: ${check.status} ${await check.text()}`);
    let etag = check.headers.get('etag');
    if (conditional && !etag) throw new Error(`${route} sent no ETag`);
    // A poller sends the ETag it was last given. The coupon lists' ETags carry the minute (coupons
    // expire), so one ETag held for the whole case went stale at the next minute and every later
    // request was a full answer: each 200 now hands its ETag to the requests that follow.
    const api = conditional
      ? {
          headers,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'if-none-match': etag } }),
              onResponse: (status, _body, _context, answerHeaders) => {
                if (status === 200 && answerHeaders?.etag) etag = answerHeaders.etag;
              },
            },
          ],
        }
      : { headers };
    phase = `GET ${name}`;
    const roundSeconds = READ_SECONDS / READ_ROUNDS;
    log(
      `loading ${name}: ${WARMUP_SECONDS} s warm-up each, then ${READ_ROUNDS} rounds of ${roundSeconds} s api, ${roundSeconds} s baseline`,
    );
    const urls = { api: `${base}${route}`, baseline: `http://127.0.0.1:${baselinePort}${route}` };
    if (WARMUP_SECONDS > 0) {
      await cannon({ url: urls.api, ...api, duration: WARMUP_SECONDS });
      await cannon({ url: urls.baseline, headers, duration: WARMUP_SECONDS });
    }
    const rounds = [];
    for (let i = 0; i < READ_ROUNDS; i += 1) {
      const apiRound = summarize(await cannon({ url: urls.api, ...api, duration: roundSeconds }));
      const baseRound = summarize(await cannon({ url: urls.baseline, headers, duration: roundSeconds }));
      rounds.push({
        api: apiRound,
        baseline: baseRound,
        rpsRatio: round(apiRound.rps / baseRound.rps, 2),
        p99Ratio: round(apiRound.p99 / baseRound.p99, 2),
      });
    }
    report.reads[name] = {
      api: combineRounds(rounds.map((r) => r.api)),
      baseline: combineRounds(rounds.map((r) => r.baseline)),
      rpsRatio: percentile(
        rounds.map((r) => r.rpsRatio),
        50,
      ),
      p99Ratio: percentile(
        rounds.map((r) => r.p99Ratio),
        50,
      ),
      rounds,
    };
  }
  // Writes at WRITERS concurrent members, each connection with its own session.
  const post = (await pool.query('select id from news_posts order by created_at desc limit 1')).rows[0].id;
  const setupClient = () => {
    let next = 0;
    return (client) => {
      client.setHeaders({
        authorization: `Bearer ${writerTokens[next++ % writerTokens.length]}`,
        'content-type': 'application/json',
      });
    };
  };
  // Each writer posts far more comments than a person would (PRODUCT.md §9 stops a member at 20 in
  // 10 minutes): the limiter's counts are cleared before each comment load, so what is measured is
  // the comment's own transaction and not a run of cheap 429s.
  const forgetCommentLimits = () => dropRedisPrefix(env.REDIS_URL, `${env.REDIS_PREFIX}:rl:comments-member`);
  const commentLoad = (url, duration) =>
    cannon({
      url: `${url}/api/news/${post}/comments`,
      method: 'POST',
      body: JSON.stringify({ content: 'Best night of the month, see you next week' }),
      connections: WRITERS,
      duration,
      setupClient: setupClient(),
    });
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  // The same load on the baseline's transaction (bench-writes.mjs), same members, same post, in
  // alternating rounds after an unmeasured warm-up of each, as the reads are: one api load and
  // then one baseline load compared a cold api with a warm machine and put any change in the
  // machine's load on one of them (0.69x in one such run, 0.99x in the next).
  phase = 'POST comment';
  if (WARMUP_SECONDS > 0) {
    log(`POST comment warm-up: ${WARMUP_SECONDS} s on each server`);
    await forgetCommentLimits();
    await commentLoad(base, WARMUP_SECONDS);
    await settled(pool, database);
    await commentLoad(baselineUrl, WARMUP_SECONDS);
    // The baseline's warm-up leaves its in-flight comments (the same members' rows locked) to the api's first round otherwise.
    await settled(pool, database);
  }
  const commentRoundSeconds = WRITE_SECONDS / WRITE_ROUNDS;
  log(
    `POST comment at ${WRITERS} connections: ${WRITE_ROUNDS} rounds of ${commentRoundSeconds} s api, ${commentRoundSeconds} s baseline`,
  );
  const commentsBefore = (await pool.query('select count(*)::int as n from news_comments where post_id = $1', [post])).rows[0].n;
  const commentRounds = [];
  for (let i = 0; i < WRITE_ROUNDS; i += 1) {
    await forgetCommentLimits();
    phase = 'POST comment';
    const apiRound = await waitsDuring(pool, database, () => commentLoad(base, commentRoundSeconds));
    phase = 'POST comment, baseline';
    const baseRound = await waitsDuring(pool, database, () => commentLoad(baselineUrl, commentRoundSeconds));
    const [apiSummary, baseSummary] = [summarize(apiRound.result), summarize(baseRound.result)];
    commentRounds.push({
      api: { ...apiSummary, waits: apiRound.waits, cpuMs: apiRound.cpuMs },
      baseline: { ...baseSummary, waits: baseRound.waits, cpuMs: baseRound.cpuMs },
      rpsRatio: round(apiSummary.rps / baseSummary.rps, 2),
      p99Ratio: round(apiSummary.p99 / baseSummary.p99, 2),
    });
  }
  const commentCheck = (
    await pool.query(
      'select count(*)::int as rows, (select comment_count from news_posts where id = $1) as cached from news_comments where post_id = $1 and deleted_at is null',
      [post],
    )
  ).rows[0];
  report.comments = {
    ...combineRounds(commentRounds.map((r) => r.api)),
    waits: meanWaits(commentRounds.map((r) => r.api.waits)),
    cpuMsPerRequest: cpuPerRequest(commentRounds.map((r) => r.api)),
    // Both servers' comments: they write the same post.
    created: commentCheck.rows - commentsBefore,
    cachedCountMatches: commentCheck.rows === commentCheck.cached,
    rpsRatio: percentile(
      commentRounds.map((r) => r.rpsRatio),
      50,
    ),
    p99Ratio: percentile(
      commentRounds.map((r) => r.p99Ratio),
      50,
    ),
    rounds: commentRounds.map((r) => ({
      rpsRatio: r.rpsRatio,
      apiRps: r.api.rps,
      baselineRps: r.baseline.rps,
      apiRequests: r.api.requests,
      baselineRequests: r.baseline.requests,
      apiP99: r.api.p99,
      baselineP99: r.baseline.p99,
    })),
  };
  report.commentsBaseline = {
    ...combineRounds(commentRounds.map((r) => r.baseline)),
    waits: meanWaits(commentRounds.map((r) => r.baseline.waits)),
    cpuMsPerRequest: cpuPerRequest(commentRounds.map((r) => r.baseline)),
  };

  // What versioning costs writers (the triggers of the ResourceVersions migration): the same
  // comment load in alternating rounds with the version triggers on and off, in this run.
  phase = 'POST comment, version triggers on/off';
  const versionTriggers = (
    await pool.query(
      `select tgname, tgrelid::regclass::text as relation from pg_trigger where tgname like '%\\_versions%' and not tgisinternal`,
    )
  ).rows;
  const setVersionTriggers = async (enabled) => {
    for (const { tgname, relation } of versionTriggers) {
      await pool.query(`alter table ${relation} ${enabled ? 'enable' : 'disable'} trigger "${tgname}"`);
    }
  };
  const costRounds = [];
  const costSeconds = Math.max(5, Math.round(WRITE_SECONDS / 2));
  log(
    `version trigger cost: ${versionTriggers.length} triggers, 3 rounds of ${costSeconds} s on and off at ${WRITERS} connections`,
  );
  try {
    for (let i = 0; i < 3; i += 1) {
      const pair = {};
      for (const enabled of [true, false]) {
        await setVersionTriggers(enabled);
        await forgetCommentLimits();
        const result = summarize(
          await cannon({
            url: `${base}/api/news/${post}/comments`,
            method: 'POST',
            body: JSON.stringify({ content: 'Round trip of the version triggers' }),
            connections: WRITERS,
            duration: costSeconds,
            setupClient: setupClient(),
          }),
        );
        pair[enabled ? 'on' : 'off'] = { rps: result.rps, p50: result.p50, p99: result.p99 };
        await settled(pool, database);
      }
      pair.rpsRatio = pair.off.rps > 0 ? round(pair.on.rps / pair.off.rps, 2) : null;
      costRounds.push(pair);
    }
  } finally {
    await setVersionTriggers(true);
  }
  report.versionTriggerCost = {
    triggers: versionTriggers.length,
    rpsRatio: percentile(
      costRounds.map((r) => r.rpsRatio).filter((ratio) => ratio !== null),
      50,
    ),
    rounds: costRounds,
  };

  // Claims: WRITE_ROUNDS rounds alternating api, baseline (as the comments and redeems do), each on
  // 5 fresh scarce coupons (max 150 uses, 5 points each) that every writer tries: one run of 1,000
  // claims is too short for a steady p99, so the median of the rounds' ratios is what is reported.
  // Before each run the writers are given what it may cost them (a balance adjustment, in the
  // ledger as an admin's would be), so no run meets members out of points where the one before it
  // did not.
  const writerIds = (
    await pool.query('select id from members where email = any($1::text[]) order by array_position($1::text[], email)', [
      emails(100, WRITERS),
    ])
  ).rows.map((row) => row.id);
  const CLAIM_COST = 5 * 5;
  const topUpWriters = (label) =>
    pool.query(
      `with paid as (
         insert into point_transactions (member_id, points, kind, description, source_type, source_id)
         select id, $2, 'balance_adjustment', 'Benchmark claims (' || $3 || ')', 'bench', $3 from members where id = any($1::uuid[])
         returning member_id)
       update members m set current_points = m.current_points + $2 from paid where m.id = paid.member_id`,
      [writerIds, CLAIM_COST, label],
    );
  const scarceCoupons = async (prefix) =>
    (
      await pool.query(
        `insert into coupons (code, title, description, type, value, points_cost, required_tier, max_uses, per_member_limit)
         select $1 || g, 'Rush ' || g, 'Contended by the benchmark', 'free_drink', null, 5, 'bronze', 150, 1 from generate_series(1, 5) g
         returning id`,
        [prefix],
      )
    ).rows.map((row) => row.id);
  const claimLoad = (url, coupons) =>
    cannon({
      url,
      connections: WRITERS,
      amount: WRITERS * coupons.length,
      // autocannon ends a fixed amount at its next sample after the last answer: every 10 ms
      // rather than every second, so the time taken is the claims' own (summarizeFixed).
      sampleInt: 10,
      // Each connection is one member walking the five coupons with its own session.
      setupClient: (() => {
        let next = 0;
        return (client) => {
          const authorization = `Bearer ${writerTokens[next++ % writerTokens.length]}`;
          client.setRequests(
            coupons.map((id) => ({ method: 'POST', path: `/api/coupons/${id}/claim`, headers: { authorization } })),
          );
        };
      })(),
    });
  const claimCheckOf = async (coupons) => {
    const rows = (
      await pool.query(
        `select c.id, c.max_uses, c.claimed_count, (select count(*)::int from user_coupons u where u.coupon_id = c.id) as rows,
                (select count(*)::int from (select member_id from user_coupons u where u.coupon_id = c.id group by member_id having count(*) > 1) d) as doubles
           from coupons c where c.id = any($1::uuid[])`,
        [coupons],
      )
    ).rows;
    return {
      claimed: rows.reduce((sum, row) => sum + row.rows, 0),
      claimsWithinMaxUses: rows.every((row) => row.rows <= row.max_uses && row.rows === row.claimed_count),
      noDoubleClaims: rows.every((row) => row.doubles === 0),
    };
  };
  const claimRounds = [];
  log(
    `POST claim at ${WRITERS} connections: ${WRITE_ROUNDS} rounds of ${WRITERS * 5} claims on 5 coupons of 150 uses, api then baseline`,
  );
  for (let i = 0; i < WRITE_ROUNDS; i += 1) {
    const pair = {};
    for (const [side, url, prefix] of [
      ['api', base, `RUSH${i}-`],
      ['baseline', `http://127.0.0.1:${baselinePort}`, `BASE${i}-`],
    ]) {
      await topUpWriters(prefix);
      const coupons = await scarceCoupons(prefix);
      phase = side === 'api' ? 'POST claim' : 'POST claim, baseline';
      const { result, waits, cpuMs } = await waitsDuring(pool, database, () => claimLoad(url, coupons));
      pair[side] = { ...summarizeFixed(result), waits, cpuMs, coupons };
    }
    claimRounds.push(pair);
  }
  const claimOutcome = async (side) => {
    const runs = claimRounds.map((r) => r[side]);
    const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
    return {
      ...combineRounds(runs),
      seconds: round(seconds),
      waits: meanWaits(runs.map((r) => r.waits)),
      cpuMsPerRequest: cpuPerRequest(runs),
      ...(await claimCheckOf(runs.flatMap((r) => r.coupons))),
    };
  };
  report.claims = {
    ...(await claimOutcome('api')),
    rpsRatio: round(
      percentile(
        claimRounds.map((r) => r.api.rps / r.baseline.rps),
        50,
      ),
      2,
    ),
    p99Ratio: round(
      percentile(
        claimRounds.map((r) => r.api.p99 / r.baseline.p99),
        50,
      ),
      2,
    ),
    rounds: claimRounds.map((r) => ({
      rpsRatio: round(r.api.rps / r.baseline.rps, 2),
      p99Ratio: round(r.api.p99 / r.baseline.p99, 2),
      apiRps: r.api.rps,
      baselineRps: r.baseline.rps,
      apiP99: r.api.p99,
      baselineP99: r.baseline.p99,
    })),
  };
  report.claimsBaseline = await claimOutcome('baseline');

  // Redeem Now: each writer redeems coupons of their own, claimed earlier and never redeemed, one
  // after another for WRITE_SECONDS; first on the api, then the same on the baseline on coupons
  // seeded alike. Writers walk the coupons from different starting points, so a handful at a time
  // share a coupon's row (its redeemed count) as members redeeming a popular offer do.
  const { encodeShortCode, shortCodeMessage } = await import(path.join(root, 'api/dist/modules/coupons/short-code.js'));
  const redeemables = async (prefix) => {
    const coupons = (
      await pool.query(
        `insert into coupons (code, title, description, type, value, points_cost, required_tier, max_uses, per_member_limit, claimed_count)
         select $1 || g, 'Tonight ' || g, 'Redeemed by the benchmark', 'free_drink', null, 0, 'bronze', null, 1, $3
           from generate_series(1, $2) g
         returning id`,
        [prefix, REDEEMS_PER_WRITER, writerIds.length],
      )
    ).rows.map((row) => row.id);
    const held = (
      await pool.query(
        `insert into user_coupons (member_id, coupon_id, claimed_at)
         select m, c, now() - interval '1 hour' from unnest($1::uuid[]) m cross join unnest($2::uuid[]) c
         returning id, member_id, coupon_id`,
        [writerIds, coupons],
      )
    ).rows;
    // Short codes as a claim through the api stores them (HMAC of the id with QR_SECRET), so the
    // api's redemption finds its code stored and current, as it does for any coupon claimed today.
    const secret = Buffer.from(env.QR_SECRET, 'utf8');
    const codes = held.map((row) => encodeShortCode(createHmac('sha256', secret).update(shortCodeMessage(row.id, 0)).digest()));
    await pool.query(
      'update user_coupons u set short_code = v.code from unnest($1::uuid[], $2::text[]) as v(id, code) where u.id = v.id',
      [held.map((row) => row.id), codes],
    );
    const byMember = new Map(writerIds.map((id) => [id, new Map()]));
    for (const row of held) byMember.get(row.member_id).set(row.coupon_id, row.id);
    // Writer i walks the coupons starting at coupon i.
    return {
      coupons,
      lists: writerIds.map((member, i) => coupons.map((_, k) => byMember.get(member).get(coupons[(i + k) % coupons.length]))),
    };
  };
  const redeemLoad = (url, lists, duration) =>
    cannon({
      url,
      connections: WRITERS,
      duration,
      maxConnectionRequests: REDEEMS_PER_WRITER,
      setupClient: (() => {
        let next = 0;
        return (client) => {
          const i = next++ % writerTokens.length;
          const authorization = `Bearer ${writerTokens[i]}`;
          client.setRequests(
            lists[i].map((id) => ({ method: 'POST', path: `/api/coupons/redeem/${id}`, headers: { authorization } })),
          );
        };
      })(),
    });
  // Each redemption the server answered 200 happened once, and the coupons' counts agree with the rows.
  const redeemCheckOf = async (coupons, answered) => {
    const row = (
      await pool.query(
        `select (select count(*)::int from user_coupons where coupon_id = any($1::uuid[]) and redeemed_at is not null) as redeemed,
                (select count(*)::int from user_coupons where coupon_id = any($1::uuid[]) and redeemed_by = 'member') as by_member,
                (select coalesce(sum(redeemed_count), 0)::int from coupons where id = any($1::uuid[])) as counted,
                (select count(*)::int from outbox where type = 'CouponRedeemed'
                    and aggregate_id in (select id::text from user_coupons where coupon_id = any($1::uuid[]))) as events,
                (select count(*)::int from coupons c where id = any($1::uuid[]) and redeemed_count <>
                   (select count(*) from user_coupons u where u.coupon_id = c.id and u.redeemed_at is not null)) as mismatched`,
        [coupons],
      )
    ).rows[0];
    return {
      redeemed: row.redeemed,
      // Once each: one outbox event per redeemed row, redeemed by its member, the counts agree; every
      // 200 is a row redeemed, and beyond those only the requests in flight when the load stopped
      // (at most one per connection and round) may have committed unanswered.
      redeemedOnce:
        row.by_member === row.redeemed &&
        row.events === row.redeemed &&
        row.counted === row.redeemed &&
        row.redeemed >= answered &&
        row.redeemed <= answered + WRITERS * WRITE_ROUNDS,
      countsMatch: row.mismatched === 0,
    };
  };
  // Alternating rounds, as the comments run: api, baseline, api, ... each on coupons of its own,
  // so a change in the machine's load falls on both alike.
  const redeemRoundSeconds = WRITE_SECONDS / WRITE_ROUNDS;
  const held = [];
  for (let i = 0; i < WRITE_ROUNDS; i += 1) held.push([await redeemables(`REDEEM${i}-`), await redeemables(`BASEREDEEM${i}-`)]);
  await pool.query('analyze user_coupons, coupons');
  log(
    `POST redeem (Redeem Now) at ${WRITERS} connections: ${WRITE_ROUNDS} rounds of ${redeemRoundSeconds} s api, ${redeemRoundSeconds} s baseline, ${REDEEMS_PER_WRITER} held coupons per writer each`,
  );
  const redeemRounds = [];
  for (const [apiHeld, baseHeld] of held) {
    phase = 'POST redeem';
    const apiRound = await waitsDuring(pool, database, () => redeemLoad(base, apiHeld.lists, redeemRoundSeconds));
    phase = 'POST redeem, baseline';
    const baseRound = await waitsDuring(pool, database, () =>
      redeemLoad(`http://127.0.0.1:${baselinePort}`, baseHeld.lists, redeemRoundSeconds),
    );
    const [apiSummary, baseSummary] = [summarize(apiRound.result), summarize(baseRound.result)];
    redeemRounds.push({
      api: { ...apiSummary, waits: apiRound.waits, cpuMs: apiRound.cpuMs },
      baseline: { ...baseSummary, waits: baseRound.waits, cpuMs: baseRound.cpuMs },
      rpsRatio: round(apiSummary.rps / baseSummary.rps, 2),
      p99Ratio: round(apiSummary.p99 / baseSummary.p99, 2),
    });
  }
  const redeemOutcome = async (side, server) => {
    const answered = redeemRounds.reduce((sum, r) => sum + (r[server].statusCodes['200'] ?? 0), 0);
    const checks = await redeemCheckOf(
      held.flatMap((pair) => pair[side].coupons),
      answered,
    );
    return {
      ...combineRounds(redeemRounds.map((r) => r[server])),
      waits: meanWaits(redeemRounds.map((r) => r[server].waits)),
      cpuMsPerRequest: cpuPerRequest(redeemRounds.map((r) => r[server])),
      ...checks,
      ranOut: redeemRounds.some((r) => (r[server].statusCodes['200'] ?? 0) >= WRITERS * REDEEMS_PER_WRITER),
    };
  };
  report.redeems = {
    ...(await redeemOutcome(0, 'api')),
    rpsRatio: percentile(
      redeemRounds.map((r) => r.rpsRatio),
      50,
    ),
    p99Ratio: percentile(
      redeemRounds.map((r) => r.p99Ratio),
      50,
    ),
    rounds: redeemRounds.map((r) => ({
      rpsRatio: r.rpsRatio,
      p99Ratio: r.p99Ratio,
      apiRps: r.api.rps,
      baselineRps: r.baseline.rps,
      apiP99: r.api.p99,
      baselineP99: r.baseline.p99,
    })),
  };
  report.redeemsBaseline = await redeemOutcome(1, 'baseline');

  await stop(baseline);
  baseline = undefined;

  // Door mode: 20 phones checking and redeeming at once, beside a baseline of its own (bench-door.mjs).
  report.door = await runDoorBench({ base, pool, env, freePort, log, setPhase: (name) => (phase = name) });

  phase = 'verify, sign-in, outbox';
  log('ledger:verify');
  const verify = spawnSync(node, ['api/dist/scripts/ledger-verify.js'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  report.ledgerVerify = {
    ok: verify.status === 0,
    output: (verify.stdout + verify.stderr).trim().split('\n').slice(-3).join('\n'),
  };

  // Sign-in latency: sequential, distinct members and addresses (the limits are per IP and per email).
  log('sign-in latency (50 sequential)');
  const loginTimes = [];
  for (const email of emails(1000, 50)) {
    const t0 = performance.now();
    await login(base, email);
    loginTimes.push(performance.now() - t0);
  }
  report.login = { samples: loginTimes.length, p50: round(percentile(loginTimes, 50)), p99: round(percentile(loginTimes, 99)) };

  // Outbox: forgot-password requests, then outbox.created_at vs the BullMQ job's timestamp.
  log('outbox latency (50 forgot-password events)');
  const outboxFrom = (await pool.query('select coalesce(max(id), 0) as id from outbox')).rows[0].id;
  for (const email of emails(2000, 50)) {
    const answer = await api(base, 'POST', '/api/auth/forgot-password', { body: { email } });
    if (answer.status !== 202) throw new Error(`forgot-password: ${answer.status}`);
    await sleep(20);
  }
  await sleep(2000);
  const events = (
    await pool.query(
      "select id::text as id, extract(epoch from created_at) * 1000 as created_ms from outbox where id > $1 and type = 'PasswordResetRequested'",
      [outboxFrom],
    )
  ).rows;
  const { redisOptionsFromUrl } = await import('@nocturne/queues');
  const emailQueue = new Queue('email', { connection: redisOptionsFromUrl(env.REDIS_URL, 'producer'), prefix: env.REDIS_PREFIX });
  const delays = [];
  let missing = 0;
  for (const event of events) {
    const job = await emailQueue.getJob(`${event.id}-email-password-reset`);
    if (job) delays.push(job.timestamp - Number(event.created_ms));
    else missing += 1;
  }
  await emailQueue.close();
  report.outbox = {
    events: events.length,
    jobsFound: delays.length,
    missing,
    p50: round(percentile(delays, 50)),
    p99: round(percentile(delays, 99)),
  };

  report.bulkSync = await bulkSync(pool, base);

  report.rss = Object.fromEntries(
    Object.entries(samplers).map(([name, s]) => [
      name,
      { startMb: round(s.stats.startMb), peakMb: round(s.stats.peakMb), peakByPhaseMb: s.stats.peakByPhaseMb },
    ]),
  );
  report.totalSeconds = round((Date.now() - started) / 1000);
  report.budgets = budgets(report);
  status =
    report.ledgerVerify.ok &&
    report.claims.claimsWithinMaxUses &&
    report.claims.noDoubleClaims &&
    report.redeems.redeemedOnce &&
    report.redeems.countsMatch &&
    report.bulkSync.state === 'completed'
      ? 0
      : 1;

  mkdirSync(path.join(root, 'var/bench'), { recursive: true });
  writeFileSync(path.join(root, 'var/bench/report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const table = markdown(report);
  writeFileSync(path.join(root, 'var/bench/report.md'), table);
  console.log(table);
} catch (error) {
  console.error(error.stack ?? error.message);
} finally {
  await cleanup();
}
process.exit(status);

async function cleanup() {
  for (const sampler of Object.values(samplers)) sampler.stop();
  await Promise.all([baseline, ...Object.values(children)].filter(Boolean).map(stop));
  if (pool) await pool.end().catch(() => undefined);
  pool = undefined;
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  await acStub.close().catch(() => undefined);
  await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
}

/** Every member to the AC stub through the admin endpoint; the floor is what AC's limits allow at best. */
async function bulkSync(db, baseUrl) {
  phase = 'bulk sync';
  log(`bulk sync of ${MEMBERS} members to the ActiveCampaign stub`);
  await db.query("update members set role = 'admin' where email = 'bench-3@nocturne.test'");
  const token = await login(baseUrl, 'bench-3@nocturne.test');
  await enrolSecondFactor(baseUrl, token);
  const t0 = Date.now();
  const started = await api(baseUrl, 'POST', '/api/admin/sync-contacts', { token });
  if (started.status !== 202) throw new Error(`sync-contacts: ${started.status} ${JSON.stringify(started.body)}`);
  const deadline = Date.now() + 180_000;
  let progress;
  for (;;) {
    progress = (await api(baseUrl, 'GET', `/api/admin/sync-jobs/${started.body.jobId}`, { token })).body;
    if (progress.state === 'completed' || Date.now() > deadline) break;
    await sleep(250);
  }
  const seconds = (Date.now() - t0) / 1000;
  const batches = Math.ceil(started.body.total / 250);
  // Each batch needs an import and at least one import/info at 5 requests/s; 100 imports/min.
  const floorSeconds = Math.max((2 * batches) / 5, Math.floor((batches - 1) / 100) * 60);
  return {
    total: started.body.total,
    synced: progress.synced,
    failed: progress.failed,
    state: progress.state,
    seconds: round(seconds),
    floorSeconds: round(floorSeconds),
    ratioToFloor: round(seconds / floorSeconds, 2),
    stubRequests: acStub.counters.requests,
    stubRateLimited: acStub.counters.rateLimited,
    duplicates: acStub.duplicates().length,
  };
}

/** The api-side budgets of ARCHITECTURE.md "Budgets" (the web ones are bench:web's). */
function budgets(r) {
  const list = [];
  for (const route of ['/api/news', '/api/coupons']) {
    const x = r.reads[route];
    list.push({ budget: `GET ${route} >= 0.5x baseline req/s`, measured: `${x.rpsRatio}x`, met: x.rpsRatio >= 0.5 });
    list.push({
      budget: `GET ${route} p99 <= 2x baseline p99`,
      measured: `${x.p99Ratio}x (${x.api.p99} vs ${x.baseline.p99} ms)`,
      met: x.p99Ratio <= 2,
    });
    // The polling goals: a 304 beats the baseline's full answer; the full path stays close to it.
    const c = r.reads[`${route} (304)`];
    list.push({
      budget: `GET ${route} 304 path >= 1.5x baseline req/s (goal)`,
      measured: `${c.rpsRatio}x`,
      met: c.rpsRatio >= 1.5,
    });
    list.push({
      budget: `GET ${route} full path >= 0.8x baseline req/s (goal)`,
      measured: `${x.rpsRatio}x`,
      met: x.rpsRatio >= 0.8,
    });
  }
  // The read tail: the full answer's p99 within 1.3x the baseline's.
  for (const route of ['/api/news', '/api/coupons', '/api/points/history']) {
    const x = r.reads[route];
    list.push({
      budget: `GET ${route} full path p99 <= 1.3x baseline (goal)`,
      measured: `${x.p99Ratio}x (${x.api.p99} vs ${x.baseline.p99} ms)`,
      met: x.p99Ratio <= 1.3,
    });
  }
  const invariants =
    r.ledgerVerify.ok &&
    r.claims.claimsWithinMaxUses &&
    r.claims.noDoubleClaims &&
    r.claimsBaseline.claimsWithinMaxUses &&
    r.claimsBaseline.noDoubleClaims &&
    r.comments.cachedCountMatches &&
    r.redeems.redeemedOnce &&
    r.redeems.countsMatch &&
    r.redeemsBaseline.redeemedOnce &&
    r.redeemsBaseline.countsMatch;
  const fiveHundreds =
    (r.comments.statusCodes['500'] ?? 0) + (r.claims.statusCodes['500'] ?? 0) + (r.redeems.statusCodes['500'] ?? 0);
  list.push({
    budget: `comment, claim and redeem keep every invariant at ${WRITERS} clients`,
    measured: `invariants ${invariants ? 'hold' : 'BROKEN'}, ${fiveHundreds} 500s`,
    met: invariants && fiveHundreds === 0,
  });
  // Writes against the baseline's same transaction (bench-writes.mjs), same load, same run.
  for (const [name, api, bare] of [
    ['comment', r.comments, r.commentsBaseline],
    ['claim', r.claims, r.claimsBaseline],
    ['redeem', r.redeems, r.redeemsBaseline],
  ]) {
    const ratio = api.rpsRatio ?? (bare.rps > 0 ? round(api.rps / bare.rps, 2) : null);
    const p99Ratio = api.p99Ratio ?? (bare.p99 > 0 ? round(api.p99 / bare.p99, 2) : null);
    list.push({
      budget: `POST ${name} >= 0.9x baseline req/s at ${WRITERS} clients (goal)`,
      measured: `${ratio}x (${api.rps} vs ${bare.rps} req/s)`,
      met: ratio !== null && ratio >= 0.9,
    });
    list.push({
      budget: `POST ${name} p99 <= 1.2x baseline p99 at ${WRITERS} clients (goal)`,
      measured: `${p99Ratio}x (${api.p99} ms vs ${bare.p99} ms)`,
      met: p99Ratio !== null && p99Ratio <= 1.2,
    });
  }
  list.push({
    budget: 'bulk sync <= 1.25x the floor',
    measured: `${r.bulkSync.ratioToFloor}x (${r.bulkSync.seconds} s vs ${r.bulkSync.floorSeconds} s)`,
    met: r.bulkSync.state === 'completed' && r.bulkSync.ratioToFloor <= 1.25,
  });
  list.push(...doorBudgets(r.door));
  for (const [name, x] of Object.entries(r.rss))
    list.push({ budget: `${name} RSS < 300 MB`, measured: `peak ${x.peakMb} MB`, met: x.peakMb < 300 });
  return list;
}

/** One figure of each write on each server, side by side: `comment: ...; comment baseline: ...; claim: ...`. */
function eachWrite(r, figure) {
  return ['comment', 'claim', 'redeem']
    .flatMap((name) => [
      [name, r[`${name}s`]],
      [`${name} baseline`, r[`${name}sBaseline`]],
    ])
    .map(([name, x]) => `${name}: ${figure(x)}`)
    .join('; ');
}

function markdown(r) {
  const lines = [
    `Benchmark of ${r.date.slice(0, 16).replace('T', ' ')} UTC, commit ${r.commit}, ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.totalMemGb} GB RAM, Node ${r.machine.node}.`,
    `Baselines' statements: ${r.baselinePrepared ? 'prepared, as the api prepares its compiled ones (BENCH_BASELINE_PREPARED=1)' : 'unnamed, parsed and planned at each run (the api prepares its compiled ones)'}.`,
    `Data: ${r.dataset.members} members, ${r.dataset.posts} posts, ${r.dataset.comments} comments, ${r.dataset.coupons} coupons, ${r.dataset.user_coupons} user coupons, ${r.dataset.ledger_rows} ledger rows.`,
    '',
    `| Read (50 connections, ${READ_SECONDS} s each in ${READ_ROUNDS} alternating rounds, after ${WARMUP_SECONDS} s warm-up; medians of the rounds) | api req/s | api p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | api/baseline req/s | api/baseline p99 |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(r.reads).map(
      ([route, x]) =>
        `| GET ${route} | ${x.api.rps} | ${x.api.p50} / ${x.api.p99} | ${x.baseline.rps} | ${x.baseline.p50} / ${x.baseline.p99} | ${x.rpsRatio} | ${x.p99Ratio} |`,
    ),
    '',
    `api/baseline p99 by round: ${Object.entries(r.reads)
      .map(([route, x]) => `${route} ${x.rounds.map((q) => q.p99Ratio).join(', ')}`)
      .join('; ')}.`,
    '',
    ...doorMarkdown(r.door),
    '| Measure | Result |',
    '| --- | --- |',
    `| POST comment, ${WRITERS} members, ${WRITE_SECONDS} s in ${WRITE_ROUNDS} rounds alternating with the baseline (medians of the rounds) | ${r.comments.rps} req/s, p50 ${r.comments.p50} ms, p99 ${r.comments.p99} ms, statuses ${JSON.stringify(r.comments.statusCodes)}; ${r.comments.created} comments by both servers, cached count ${r.comments.cachedCountMatches ? 'matches' : 'DIFFERS'}; api/baseline req/s by round ${r.comments.rounds.map((q) => q.rpsRatio).join(', ')} (median ${r.comments.rpsRatio}x), p99 ms by round ${r.comments.rounds.map((q) => `${q.apiP99} / ${q.baselineP99}`).join(', ')} |`,
    `| POST comment with the version triggers on / off (${r.versionTriggerCost.triggers} triggers, 3 alternating rounds) | ${r.versionTriggerCost.rounds.map((q) => `${q.on.rps} / ${q.off.rps} req/s`).join('; ')}: median ratio ${r.versionTriggerCost.rpsRatio}x |`,
    `| POST claim, ${WRITERS} members x 5 coupons of 150 uses, ${WRITE_ROUNDS} rounds | ${r.claims.rps} req/s (${r.claims.seconds} s for all of them), p50 ${r.claims.p50} ms, p99 ${r.claims.p99} ms; ${r.claims.claimed} claimed; statuses ${JSON.stringify(r.claims.statusCodes)} |`,
    `| The same writes on the baseline (node:http + pg, the api's statements) | comment ${r.commentsBaseline.rps} req/s, p50 ${r.commentsBaseline.p50} ms, p99 ${r.commentsBaseline.p99} ms, statuses ${JSON.stringify(r.commentsBaseline.statusCodes)}; claim ${r.claimsBaseline.rps} req/s (${r.claimsBaseline.seconds} s), p50 ${r.claimsBaseline.p50} ms, p99 ${r.claimsBaseline.p99} ms, ${r.claimsBaseline.claimed} claimed, statuses ${JSON.stringify(r.claimsBaseline.statusCodes)} |`,
    `| POST redeem (Redeem Now), ${WRITERS} members x ${REDEEMS_PER_WRITER} held coupons, ${WRITE_ROUNDS} alternating rounds of ${WRITE_SECONDS / WRITE_ROUNDS} s | api ${r.redeems.rps} req/s, p50 ${r.redeems.p50} ms, p99 ${r.redeems.p99} ms, ${r.redeems.redeemed} redeemed, statuses ${JSON.stringify(r.redeems.statusCodes)}; baseline ${r.redeemsBaseline.rps} req/s, p50 ${r.redeemsBaseline.p50} ms, p99 ${r.redeemsBaseline.p99} ms, ${r.redeemsBaseline.redeemed} redeemed, statuses ${JSON.stringify(r.redeemsBaseline.statusCodes)}; each redeemed once ${r.redeems.redeemedOnce && r.redeemsBaseline.redeemedOnce ? 'yes' : 'NO'}, counts ${r.redeems.countsMatch && r.redeemsBaseline.countsMatch ? 'match' : 'DIFFER'}${r.redeems.ranOut || r.redeemsBaseline.ranOut ? ', RAN OUT of held coupons before the time ended' : ''} |`,
    `| Where the writes' time goes in PostgreSQL (backends busy on average, by what they do or wait for) | ${eachWrite(r, (x) =>
      x.waits.map((w) => `${w.what} ${w.backends}`).join(', '),
    )} |`,
    `| CPU ms per request of each process: api, baseline, worker, PostgreSQL, autocannon (the api relays the baseline's outbox rows too) | ${eachWrite(
      r,
      (x) => ['api', 'baseline', 'worker', 'postgres', 'bench'].map((name) => x.cpuMsPerRequest[name] ?? 0).join(' / '),
    )} |`,
    `| Invariants after writes | ledger:verify ${r.ledgerVerify.ok ? 'clean' : 'FAILED'}; claims <= maxUses ${r.claims.claimsWithinMaxUses ? 'yes' : 'NO'}; no double claims ${r.claims.noDoubleClaims ? 'yes' : 'NO'} |`,
    `| Sign-in (${r.login.samples} sequential) | p50 ${r.login.p50} ms, p99 ${r.login.p99} ms |`,
    `| Outbox event -> job enqueued (${r.outbox.jobsFound}/${r.outbox.events} events) | p50 ${r.outbox.p50} ms, p99 ${r.outbox.p99} ms |`,
    `| Bulk sync to the AC stub (real limits) | ${r.bulkSync.synced}/${r.bulkSync.total} synced, ${r.bulkSync.failed} failed, ${r.bulkSync.state}, in ${r.bulkSync.seconds} s; floor ${r.bulkSync.floorSeconds} s (x${r.bulkSync.ratioToFloor}); ${r.bulkSync.stubRequests} AC requests, ${r.bulkSync.stubRateLimited} got 429, ${r.bulkSync.duplicates} duplicates |`,
    ...Object.entries(r.rss).map(([name, x]) => {
      // The phases that raised the peak by 10 MB or more: where the memory went.
      let high = x.startMb;
      const steps = [];
      for (const [phase, mb] of Object.entries(x.peakByPhaseMb)) {
        if (mb >= high + 10) steps.push(`${phase} ${mb}`);
        high = Math.max(high, mb);
      }
      return `| RSS ${name} | start ${x.startMb} MB, peak ${x.peakMb} MB${steps.length ? ` (grew in: ${steps.join(', ')})` : ''} |`;
    }),
    `| Whole run | ${r.totalSeconds} s |`,
    '',
    '| Budget (ARCHITECTURE.md) | Measured | Met |',
    '| --- | --- | :---: |',
    ...r.budgets.map((b) => `| ${b.budget} | ${b.measured} | ${b.met ? 'yes' : '**no**'} |`),
    '',
  ];
  return lines.join('\n');
}
