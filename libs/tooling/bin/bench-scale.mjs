#!/usr/bin/env node
// npm run bench:scale: a venue group's data (a million members by default) seeded inside
// PostgreSQL with generate_series, keeping every ledger invariant (ledger:verify runs on it), then
// every GET endpoint of the endpoint list and the door's checks (the cases of scale-cases.mjs), for
// the group and for one venue (twenty venues in four time zones, the first holding half the activity),
// against one api: 30 sequential requests (p50, p95) and 20 concurrent clients for 10 s (req/s,
// p99), with the api's RSS sampled throughout. Prints a table beside the goals (p95 <= 50 ms,
// p99 <= 250 ms, an export's first byte <= 200 ms, RSS < 300 MB) and writes
// var/bench/scale.json. Always stops its children and drops the database.
//
// BENCH_SCALE_MEMBERS scales the data (every count follows it, the heavy cases stay whole);
// BENCH_SCALE_SECONDS and BENCH_SCALE_CLIENTS the concurrent load; BENCH_SCALE_ONLY a
// semicolon-separated list of case names to measure; BENCH_SCALE_KEEP_DB=1 keeps the database.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { bookingCancelKey, bookingCancelToken } from '@nocturne/config';
import { scaleCases } from './scale-cases.mjs';
import {
  admin,
  commitLabel,
  dropRedisPrefix,
  must,
  node,
  root,
  SERVICE_ENV,
  SERVICE_NODE_FLAGS,
  throwawayStack,
} from './stack-helpers.mjs';

const MEMBERS = Number(process.env.BENCH_SCALE_MEMBERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_SCALE_CLIENTS ?? 20);
const SEQUENTIAL = 30;
/** The sequential requests' one connection, kept open between them as a browser's is. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Keeps the seeded database after the run (its URL is printed), to read query plans at this size. */
const KEEP_DB = process.env.BENCH_SCALE_KEEP_DB === '1';
const ONLY = process.env.BENCH_SCALE_ONLY?.split(';').map((name) => name.trim());
const scaled = (count) => Math.max(1, Math.round((count * MEMBERS) / 1_000_000));
/** What the goals ask of every screen at this size. */
const GOALS = { p95Ms: 50, p99Ms: 250, rssMb: 300, firstByteMs: 200 };
/** Whether a measured case meets its goals: an export streams its first byte in time; everything else answers whole in time. */
const meets = (c) =>
  !c.error &&
  !c.concurrent.non2xx &&
  (c.stream
    ? c.sequential.firstByteP95 <= GOALS.firstByteMs
    : c.sequential.p95 <= GOALS.p95Ms && c.concurrent.p99 <= GOALS.p99Ms);

const DATA = {
  members: MEMBERS,
  /** A welcome bonus and nine visits each: ten ledger rows a member. */
  visitsPerMember: 9,
  posts: 1_000,
  comments: scaled(1_000_000),
  popularPostComments: 80_000,
  coupons: 200,
  claimsPerMember: 5,
  popularCouponClaims: Math.min(100_000, MEMBERS),
  scans: scaled(500_000),
  /** The venue inbox: a fiftieth of the bookings still wait for an answer, a hundredth of the messages are new. */
  bookings: scaled(200_000),
  contactMessages: scaled(100_000),
  /** Five-year regulars: 60,000 ledger rows, 2,000 claims, 150 referrals and a visit every night of a year each. */
  heavyMembers: 3,
  heavyLedgerRows: 60_000,
  heavyClaims: 2_000,
  heavyReferrals: 150,
  heavyVisitNights: 365,
  /** Staff actions over the years, and the deliveries of one webhook endpoint. */
  auditRows: scaled(200_000),
  webhookDeliveries: scaled(230_000),
  /** A group of twenty venues in four time zones; the first (the install's own) holds half of all activity. */
  venues: 20,
};
/** Every venue's named doors; the last is retired, and scans name one of the others (one in ten names none). */
const DOOR_NAMES = ['Front door', 'Side door', 'Terrace gate', 'Old side door'];
/** The group's venues beyond the first, each in one of four zones. */
const VENUE_ZONES = ['Australia/Sydney', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
/** The venue a row's activity happened at, from a number it has: half at venue 1, the rest spread over the others. */
const venueOfSql = (number) => `(case when (${number}) % 2 = 0 then 1 else 2 + ((${number}) / 2) % ${DATA.venues - 1} end)`;
/** The same for a row known by a uuid (a member). */
const venueOfUuidSql = (uuid) => venueOfSql(`(hashtext((${uuid})::text) & 2147483647)`);
/** A placeholder where a password hash goes: seeded accounts never sign in with a password (sessions are minted). */
const SEEDED_HASH = 'seeded-member-without-password';
const DOMAINS = ['gmail.com', 'outlook.com', 'icloud.com', 'yahoo.com'];
/** A seeded member's e-mail (see seed()). */
const emailOf = (n) => `${SURNAMES[n % 10].toLowerCase()}.${n}@${DOMAINS[Math.floor(n / 10) % 4]}`;
const SURNAMES = ['Okafor', 'Nguyen', 'Martin', 'Kowalski', 'Silva', 'Haddad', 'Jensen', 'Moreau', 'Tanaka', 'Reyes'];

const log = (message) => console.error(`[bench:scale ${new Date().toISOString().slice(11, 19)}] ${message}`);

// autocannon's request timer (retimer) hands setTimeout a negative delay when a reschedule and a
// late firing meet, as this process's loop lags behind the long export streams; Node sets it to
// 1 ms and warns. It changes no figure, so that one warning is not printed; every other still is.
const [printWarning] = process.listeners('warning');
if (printWarning) {
  process.off('warning', printWarning);
  process.on('warning', (warning) => {
    if (warning.name !== 'TimeoutNegativeWarning') printWarning(warning);
  });
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** VmRSS of a process in MB, sampled every 500 ms; the peak per phase says which screen drove it. */
function rssSampler(pid) {
  const stats = { startMb: null, peakMb: 0, peakByPhaseMb: {}, phase: 'startup' };
  const sample = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!match) return;
      const mb = Number(match[1]) / 1024;
      stats.startMb ??= round(mb);
      stats.peakMb = Math.max(stats.peakMb, round(mb));
      stats.peakByPhaseMb[stats.phase] = Math.max(stats.peakByPhaseMb[stats.phase] ?? 0, round(mb));
    } catch {
      // the process has gone
    }
  };
  sample();
  const timer = setInterval(sample, 500);
  return { stats, stop: () => clearInterval(timer) };
}

async function waitUntil(url, what) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within 90 s`);
    await sleep(300);
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding, all inside PostgreSQL. Members are `<surname>.<n>@<one of DOMAINS>` (n from 1), first
// name "Guest", a surname from SURNAMES (n % 10), joined on a day unrelated to their number or name
// (the day steps through all 1,500 with n / 10, so every surname is spread over them and the newest
// members are as mixed as a real venue's); each has a welcome bonus and nine visits in the ledger (visit
// points vary by member, so every tier is populated), and cached balances, totals and tiers equal
// to those rows' sums, as @nocturne/ledger keeps them (ledger:verify checks it after the seed).

/**
 * Loads a big table the way a bulk load should: its indexes and unique or primary keys (and the
 * foreign keys that lean on them) are dropped first and built again after, sorted in one pass,
 * instead of taking millions of random inserts into each B-tree. The loading session runs with
 * session_replication_role = replica (seed()), so no trigger or foreign key check runs per row
 * (so the ledger rows name their base points themselves: the trigger that defaults it does not run).
 */
async function withoutIndexes(db, table, load) {
  const { rows: keys } = await db.query(
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype in ('p', 'u')`,
    [table],
  );
  const { rows: leaning } = await db.query(
    `select conrelid::regclass::text as owner, conname, pg_get_constraintdef(oid) as def from pg_constraint
      where confrelid = $1::regclass and contype = 'f'`,
    [table],
  );
  const { rows: indexes } = await db.query(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = $1 and indexname <> all($2::text[])`,
    [table, keys.map((key) => key.conname)],
  );
  for (const fk of leaning) await db.query(`alter table ${fk.owner} drop constraint "${fk.conname}"`);
  for (const index of indexes) await db.query(`drop index "${index.indexname}"`);
  for (const key of keys) await db.query(`alter table "${table}" drop constraint "${key.conname}"`);
  await load();
  const started = Date.now();
  for (const key of keys) await db.query(`alter table "${table}" add constraint "${key.conname}" ${key.def}`);
  for (const index of indexes) await db.query(index.indexdef);
  for (const fk of leaning) await db.query(`alter table ${fk.owner} add constraint "${fk.conname}" ${fk.def}`);
  log(
    `  ${table}: ${keys.length + indexes.length} keys and indexes built again in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function seed(db, env, passwordHash) {
  const q = async (label, text, values) => {
    const started = Date.now();
    const result = await db.query(text, values);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const heavy = [];
  const welcome = Number(env.POINTS_WELCOME_BONUS ?? 20);
  const perVisit = Number(env.POINTS_PER_VISIT ?? 20);
  const tiers = [Number(env.TIER_SILVER ?? 100), Number(env.TIER_GOLD ?? 500), Number(env.TIER_PLATINUM ?? 1500)];
  await db.query('set maintenance_work_mem = 524288'); // 512 MB, in kB: index builds sort in memory
  // No trigger or foreign-key check per row while loading (the data is consistent by construction;
  // the version triggers have nothing to tell an api that has not served anyone yet).
  await db.query('set session_replication_role = replica');
  // Each member's balance is what their ledger rows below sum to: a welcome bonus and nine visits
  // of perVisit * (1 + n % 10) points (the heavy members' extra rows are added after).
  const tierOf = (points) =>
    `case when ${points} >= ${tiers[2]} then 'platinum' when ${points} >= ${tiers[1]} then 'gold' when ${points} >= ${tiers[0]} then 'silver' else 'bronze' end`;
  const earned = `($4::int + $5::int * $6::int * (1 + n % 10))`;
  await q(
    'members',
    `insert into members (email, first_name, last_name, password_hash, created_at, last_sign_in_at, current_points, total_points, member_tier)
     select lower(($1::text[])[1 + n % 10]) || '.' || n || '@' || ($7::text[])[1 + (n / 10) % 4], 'Guest', ($1::text[])[1 + n % 10] || ' ' || n, $2,
            now() - (((n / 10)::bigint * 7919 + (n % 10) * 151) % 1500) * interval '1 day' - ((n::bigint * 104729) % 1440) * interval '1 minute',
            case when n % 3 = 0 then now() - (n % 90) * interval '1 day' end,
            ${earned}, ${earned}, ${tierOf(earned)}
       from generate_series(1, $3::int) n`,
    [SURNAMES, passwordHash, DATA.members, welcome, DATA.visitsPerMember, perVisit, DOMAINS],
  );
  await q(
    'member numbers',
    `create temp table scale_members as
       select id, n from (select id, (regexp_match(email, '^[a-z]+\\.(\\d+)@'))[1]::int as n from members) numbered where n is not null`,
  );
  await db.query('create unique index on scale_members (n); analyze scale_members');
  await withoutIndexes(db, 'point_transactions', async () => {
    await q(
      'ledger: welcome bonuses',
      `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
     select m.id, $1, $1, 'welcome_bonus', 'Welcome bonus', 'member', m.id::text, mm.created_at
       from scale_members m join members mm on mm.id = m.id`,
      [welcome],
    );
    // Nine distinct nights per member within the last 400 (k * 37 mod 400 differ for k < 11).
    await q(
      'ledger: visits',
      `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
     select m.id, $1 * (1 + m.n % 10), $1 * (1 + m.n % 10), 'visit', 'Visit', 'club_night', night::text, night + interval '23 hours'
       from scale_members m cross join generate_series(0, $2::int - 1) k
       cross join lateral (select current_date - ((m.n * 7 + k * 37) % 400) as night) d`,
      [perVisit, DATA.visitsPerMember],
    );
    const heavyRows = (await db.query('select id, n from scale_members where n <= $1 order by n', [DATA.heavyMembers])).rows;
    await q(
      'ledger: heavy members',
      `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
     select m.id, $1, $1, 'visit', 'Visit', 'club_night', (date '1800-01-01' + g)::text, now() - g * interval '1 hour'
       from scale_members m cross join generate_series(1, $2::int) g where m.n <= $3`,
      [perVisit, DATA.heavyLedgerRows, DATA.heavyMembers],
    );
    heavy.push(...heavyRows);
  });
  await q(
    'visits of the last 30 nights',
    `insert into visits (member_id, night, points, created_at, venue_id)
     select member_id, source_id::date, points, least(created_at, now()), ${venueOfUuidSql('member_id')} from point_transactions
      where kind = 'visit' and source_id::date >= current_date - 30`,
  );
  await q(
    'heavy members balances',
    `update members mm set current_points = mm.total_points + $1::int, total_points = mm.total_points + $1::int,
            member_tier = ${tierOf('mm.total_points + $1::int')}
       from scale_members m where m.id = mm.id and m.n <= $2`,
    [perVisit * DATA.heavyLedgerRows, DATA.heavyMembers],
  );
  await q(
    'posts',
    `insert into news_posts (title, content, content_type, published_at, created_at)
     select 'Night ' || g || ': what is on', repeat('Doors at ten, last entry at two. Dress code: dark. ', 8),
            (array['announcement','event','exclusive_content','promotion'])[1 + g % 4], now() - g * interval '3 hours', now() - g * interval '3 hours'
       from generate_series(1, $1::int) g`,
    [DATA.posts],
  );
  await db.query(
    'create temp table scale_posts as select id, created_at, row_number() over (order by created_at desc, id) as n from news_posts',
  );
  await db.query('create unique index on scale_posts (n); analyze scale_posts');
  const popular = Math.min(DATA.popularPostComments, DATA.comments);
  await withoutIndexes(db, 'news_comments', () =>
    q(
      'comments (the newest post has the popular thread)',
      `insert into news_comments (post_id, author_id, content, created_at)
     select p.id, m.id, 'See you on the floor #' || g, p.created_at + (g % 10000) * interval '1 second'
       from generate_series(1, $1::int) g
       join scale_posts p on p.n = case when g <= $2 then 1 else 2 + g % ($3::int - 1) end
       join scale_members m on m.n = 1 + (g::bigint * 7919) % $4`,
      [DATA.comments, popular, DATA.posts, DATA.members],
    ),
  );
  await q(
    'comment counts',
    `update news_posts p set comment_count = c.count
       from (select post_id, count(*)::int as count from news_comments group by post_id) c where c.post_id = p.id`,
  );
  await q(
    'coupons',
    `insert into coupons (code, title, description, type, value, points_cost, required_tier, per_member_limit, created_at)
     select 'SCALE' || g, 'House offer ' || g, 'Seeded for the scale benchmark', (array['percentage','fixed_amount','free_drink','vip_upgrade'])[1 + g % 4],
            10, 0, 'bronze', case when g = 2 then $2::int else 1 end, now() - g * interval '1 hour'
       from generate_series(1, $1::int) g`,
    [DATA.coupons, DATA.heavyClaims + 10],
  );
  await db.query(
    "create temp table scale_coupons as select id, substring(code from 6)::int as n from coupons where code like 'SCALE%'",
  );
  await db.query('create unique index on scale_coupons (n); analyze scale_coupons');
  // Coupon 1 is the popular one (the first popularCouponClaims members hold it); coupon 2 is the
  // one heavy members claimed many times; the rest are spread five to a member.
  await withoutIndexes(db, 'user_coupons', async () => {
    await q(
      'claimed coupons',
      `insert into user_coupons (member_id, coupon_id, claimed_at, redeemed_at, redeemed_by)
     select m.id, c.id, t.at, case when (m.n + k) % 5 = 0 then least(t.at + interval '2 hours', now()) end,
            case when (m.n + k) % 5 = 0 then 'staff' end
       from scale_members m cross join generate_series(0, $1::int - 1) k
       cross join lateral (select case when k = 0 and m.n <= $2 then 1 else 3 + (m.n * $1 + k) % ($3::int - 2) end as coupon_n,
                                  now() - ((m.n + k * 13) % 365) * interval '1 day' as at) t
       join scale_coupons c on c.n = t.coupon_n`,
      [DATA.claimsPerMember, DATA.popularCouponClaims, DATA.coupons],
    );
    await q(
      'heavy members claims',
      `insert into user_coupons (member_id, coupon_id, claimed_at)
     select m.id, c.id, now() - g * interval '1 hour' from scale_members m cross join generate_series(1, $1::int) g
       join scale_coupons c on c.n = 2 where m.n <= $2`,
      [DATA.heavyClaims, DATA.heavyMembers],
    );
  });
  await q(
    'coupon counters',
    `update coupons c set claimed_count = u.claimed, redeemed_count = u.redeemed
       from (select coupon_id, count(*)::int as claimed, count(redeemed_at)::int as redeemed from user_coupons group by coupon_id) u
      where u.coupon_id = c.id`,
  );
  await q(
    'heavy members: a visit every night of the last year',
    `insert into visits (member_id, night, points, created_at, venue_id)
     select m.id, current_date - g, 0, (current_date - g) + interval '23 hours', ${venueOfSql('g')}
       from scale_members m cross join generate_series(1, $1::int) g where m.n <= $2
     on conflict do nothing`,
    [DATA.heavyVisitNights, DATA.heavyMembers],
  );
  await q(
    'heavy members: the members they invited',
    `insert into referrals (referrer_id, referred_id, state, points, created_at, earned_at)
     select r.id, m.id, case when g % 3 = 0 then 'pending' else 'earned' end, case when g % 3 = 0 then null else 0 end,
            now() - g * interval '5 days', case when g % 3 = 0 then null else now() - g * interval '5 days' + interval '2 days' end
       from scale_members r cross join generate_series(1, $1::int) g
       join scale_members m on m.n = $3::int + (r.n - 1) * $1::int + g
      where r.n <= $2`,
    [DATA.heavyReferrals, DATA.heavyMembers, Math.max(DATA.heavyMembers, Math.floor(DATA.members / 2))],
  );
  return { heavy };
}

/** Years of staff actions in the audit log, and one webhook endpoint's deliveries. */
async function seedStaffHistory(db, staffId) {
  const started = Date.now();
  const audit = await db.query(
    `insert into audit_log (at, actor_id, actor_role, action, target_type, target_id, before, after)
     select now() - g * interval '7 minutes', $1, 'admin', (array['member.adjust_points','coupon.update','booking.decide','news.update'])[1 + g % 4],
            'member', g::text, '{"points": 10}'::jsonb, '{"points": 20}'::jsonb
       from generate_series(1, $2::int) g`,
    [staffId, DATA.auditRows],
  );
  const endpoint = (
    await db.query(
      `insert into webhook_endpoints (url, events, secret, created_by_id) values ('https://hooks.example.com/nocturne', array['member.registered','coupon.redeemed'], $1, $2) returning id`,
      [randomBytes(24).toString('hex'), staffId],
    )
  ).rows[0].id;
  const deliveries = await db.query(
    `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, state, attempts, last_status_code, delivered_at, created_at)
     select $1, 'evt-' || g, 'member.registered', '{"memberId": "x"}'::jsonb, 'succeeded', 1, 200, now() - g * interval '2 minutes', now() - g * interval '2 minutes'
       from generate_series(1, $2::int) g`,
    [endpoint, DATA.webhookDeliveries],
  );
  const syncJob = (
    await db.query(
      `insert into sync_jobs (state, total, requested_by, finished_at) values ('completed', 0, $1, now()) returning id`,
      [staffId],
    )
  ).rows[0].id;
  log(
    `  staff history: ${audit.rowCount} audit rows, ${deliveries.rowCount} webhook deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { webhookId: endpoint, syncJobId: syncJob };
}

/** The group's other venues, in four time zones, each with its own hours (the first venue keeps the install's). */
async function seedVenues(db) {
  await db.query(
    `insert into venues (slug, name, kind, street, locality, country, time_zone, opening_hours, position)
     select 'venue-' || g, 'Venue ' || g, (array['NightClub','BarOrPub'])[1 + g % 2], g || ' High Street', 'City ' || g, 'Somewhere',
            ($2::text[])[1 + g % 4], '{"opensAtHour":[21,21,21,21,20,20,20],"closesAtHour":3,"lastBookingHour":1}'::jsonb, g
       from generate_series(2, $1::int) g`,
    [DATA.venues, VENUE_ZONES],
  );
  log(`  venues: ${DATA.venues} in ${VENUE_ZONES.length} time zones`);
  // Each venue's named doors (three in use and one retired), as the door screens and tallies read them.
  const doors = await db.query(
    `insert into door_devices (venue_id, name, archived_at, created_at)
     select v.id, d.name, case when d.name = 'Old side door' then now() - interval '60 days' end, now() - interval '1 year'
       from venues v cross join unnest($1::text[]) d(name)`,
    [DOOR_NAMES],
  );
  log(`  named doors: ${doors.rowCount}`);
}

/** The staff account and the scan log (scans are recorded by a staff member). */
async function seedScans(db, staffId) {
  const started = Date.now();
  const result = await db.query(
    `with doors as (
       select venue_id, id, row_number() over (partition by venue_id order by name) - 1 as k
         from door_devices where archived_at is null)
     insert into qr_scans (at, admin_id, user_coupon_id, member_id, scanned_id, action, result, reason, method, venue_id, door_device_id)
     select now() - g * interval '1 minute', $1, null, m.id, 'card-' || m.n, 'validate', 'accepted', 'Member card', 'qr', s.venue_id,
            case when g % 10 <> 0 then d.id end
       from generate_series(1, $2::int) g
       cross join lateral (select ${venueOfSql('g')} as venue_id) s
       join scale_members m on m.n = 1 + (g::bigint * 104729) % $3
       left join doors d on d.venue_id = s.venue_id and d.k = g % $4`,
    [staffId, DATA.scans, DATA.members, DOOR_NAMES.length - 1],
  );
  log(`  scan log: ${result.rowCount} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Years of bookings and contact messages, nearly all of them answered. */
async function seedInbox(db) {
  const started = Date.now();
  const bookings = await db.query(
    `insert into bookings (name, email, phone, date, time, guests, service, message, status, created_at, venue_id)
     select 'Guest ' || g, 'guest-' || g || '@example.com', null, (current_date - (g % 700) + 3), '22:00', '4', 'vip-room', null,
            case when g % 50 = 0 then 'requested' when g % 7 = 0 then 'declined' else 'confirmed' end,
            now() - (g % 700) * interval '1 day' - (g % 1440) * interval '1 minute', ${venueOfSql('g')}
       from generate_series(1, $1::int) g`,
    [DATA.bookings],
  );
  const messages = await db.query(
    `insert into contact_messages (name, email, message, is_spam, state, created_at, venue_id)
     select 'Guest ' || g, 'guest-' || g || '@example.com', 'Do you have a table for six on Saturday?', g % 20 = 0,
            case when g % 100 = 0 then 'new' else 'handled' end, now() - (g % 700) * interval '1 day' - (g % 1440) * interval '1 minute',
            ${venueOfSql('g')}
       from generate_series(1, $1::int) g`,
    [DATA.contactMessages],
  );
  log(`  inbox: ${bookings.rowCount} bookings, ${messages.rowCount} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A session for a member, as the api's sign-in stores it (the token's SHA-256); no password hashing
 * on the bench's clock. `secondFactor`: as a sign-in that has just been given the second factor.
 */
async function mintSession(db, memberId, secondFactor = false) {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (member_id, token_hash, expires_at, user_agent, ip, second_factor_at)
     values ($1, $2, now() + interval '7 days', 'bench:scale', '127.0.0.1', case when $3 then now() end)`,
    [memberId, createHash('sha256').update(token).digest('hex'), secondFactor],
  );
  return token;
}

// ---------------------------------------------------------------------------------------------
// Measuring one request: SEQUENTIAL requests one after another (p50, p95), then CLIENTS
// concurrent connections for SECONDS (req/s, p99); every answer must be 200.

/**
 * One request as a browser makes it: asking for gzip and taking the body whole, decoded. Timed with
 * node:http and zlib in one piece because fetch's streamed decoding stalls 20-40 ms every few
 * answers of a large gzipped body (tonight's door data) where `curl --compressed` and this do not.
 */
function timedRequest(url, request) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { 'accept-encoding': 'gzip', ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const sent = http.request(url, { method: request.method, headers, agent: keepAlive }, (response) => {
      const firstByte = performance.now() - started;
      const gzipped = response.headers['content-encoding'] === 'gzip';
      const chunks = [];
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        // A stream of many megabytes (an export) is counted, not kept; an error's words are kept.
        if (gzipped || response.statusCode !== 200 || chunks.length === 0) chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => {
        try {
          const body = gzipped ? gunzipSync(Buffer.concat(chunks)) : Buffer.concat(chunks);
          resolve({
            status: response.statusCode,
            firstByte,
            total: performance.now() - started,
            bytes: gzipped ? body.length : bytes,
            text: () => body.toString('utf8').slice(0, 300),
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    sent.on('error', reject);
    sent.end(request.body);
  });
}

async function sequential(url, request) {
  const times = [];
  const firstBytes = [];
  let bytes = 0;
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const answer = await timedRequest(url, request);
    firstBytes.push(answer.firstByte);
    times.push(answer.total);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text()}`);
    bytes = answer.bytes;
  }
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    firstByteP95: round(percentile(firstBytes, 95)),
    bytes,
  };
}

/**
 * CLIENTS connections for SECONDS. Answers the design gives under load (an export past its slots:
 * 429 with Retry-After) are counted apart, as `refused`; any other non-2xx fails the goal.
 */
function concurrent(url, request) {
  const statuses = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, method: request.method, headers: request.headers, body: request.body, connections: CLIENTS, duration: SECONDS },
      (error, result) => {
        if (error) return reject(error);
        const answered = Object.entries(statuses);
        const unexpected = answered.filter(([status]) => !request.accept.includes(Number(status)));
        resolve({
          rps: round(result.requests.average),
          p99: result.latency.p99,
          non2xx: unexpected.reduce((sum, [, count]) => sum + count, 0),
          unexpected: unexpected.map(([status, count]) => `${count} × ${status}`).join(', '),
          refused: answered
            .filter(([status]) => status !== '200' && request.accept.includes(Number(status)))
            .reduce((sum, [, count]) => sum + count, 0),
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

function markdown(report) {
  const mark = (ok) => (ok ? 'yes' : '**no**');
  const lines = [
    `bench:scale on ${report.commit}, ${report.machine.cpus} cores, ${report.dataset.members.toLocaleString('en')} members, ` +
      `${report.dataset.ledgerRows.toLocaleString('en')} ledger rows, ${report.dataset.comments.toLocaleString('en')} comments, ` +
      `${report.dataset.claims.toLocaleString('en')} claimed coupons, ${report.dataset.scans.toLocaleString('en')} scans (seeded in ${report.dataset.seedSeconds} s)`,
    '',
    `| request | sequential p50 / p95 ms | goal p95 <= ${GOALS.p95Ms} | ${CLIENTS} clients: req/s, p99 ms | goal p99 <= ${GOALS.p99Ms} | answer KB | api peak RSS MB |`,
    '|---|---:|:-:|---:|:-:|---:|---:|',
  ];
  for (const c of report.cases) {
    if (c.error) {
      lines.push(`| ${c.name} | failed: ${c.error} | **no** | | **no** | | |`);
      continue;
    }
    const refused = c.concurrent.refused ? `, ${c.concurrent.refused} refused (429, by design)` : '';
    const others = c.concurrent.non2xx ? ` (${c.concurrent.non2xx} non-2xx: ${c.concurrent.unexpected})` : '';
    lines.push(
      c.stream
        ? `| ${c.name} (streamed) | ${c.sequential.p50} / ${c.sequential.p95}; first byte p95 ${c.sequential.firstByteP95} | ${mark(c.sequential.firstByteP95 <= GOALS.firstByteMs)} (first byte <= ${GOALS.firstByteMs}) | ${c.concurrent.rps}, ${c.concurrent.p99}${refused}${others} | ${mark(!c.concurrent.non2xx)} (no failure) | ${round(c.sequential.bytes / 1024)} | ${c.peakRssMb} |`
        : `| ${c.name} | ${c.sequential.p50} / ${c.sequential.p95} | ${mark(c.sequential.p95 <= GOALS.p95Ms)} | ${c.concurrent.rps}, ${c.concurrent.p99}${refused}${others} | ${mark(c.concurrent.p99 <= GOALS.p99Ms && !c.concurrent.non2xx)} | ${round(c.sequential.bytes / 1024)} | ${c.peakRssMb} |`,
    );
  }
  lines.push(
    '',
    `api RSS: start ${report.rss.startMb} MB, peak ${report.rss.peakMb} MB (goal < ${GOALS.rssMb}: ${mark(report.rss.peakMb < GOALS.rssMb)}); ` +
      `ledger:verify after the seed: ${report.ledgerVerified ? 'clean' : '**differences**'}; ` +
      `${report.met} of ${report.cases.length} requests meet both goals.`,
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

log('building (tsc -b)');
must('build', ['node_modules/typescript/bin/tsc', '-b']);
const { serverUrl, database, env } = await throwawayStack('scale', {
  NODE_ENV: 'production',
  QR_SECRET: randomBytes(32).toString('hex'),
  TRUST_PROXY: '1',
  AC_AUTO_SYNC: 'false',
});
const base = env.APP_URL;
let apiProcess;
let sampler;
let db;
let status = 1;
async function cleanup() {
  sampler?.stop();
  if (apiProcess && apiProcess.exitCode === null && apiProcess.signalCode === null) {
    const exited = new Promise((resolve) => apiProcess.on('exit', resolve));
    apiProcess.kill('SIGTERM');
    await exited;
  }
  await db?.end().catch(() => undefined);
  db = undefined;
  if (KEEP_DB) log(`kept the database for a closer look: ${env.DATABASE_URL}`);
  else await admin(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`[bench:scale] ${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

const report = {
  date: new Date().toISOString(),
  commit: commitLabel(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version },
  goals: GOALS,
  load: { sequential: SEQUENTIAL, clients: CLIENTS, seconds: SECONDS },
};
try {
  await admin(serverUrl, `CREATE DATABASE "${database}"`);
  must('migrate', ['libs/db/dist/scripts/migrate.js'], env);
  db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();

  apiProcess = spawn(node, [...SERVICE_NODE_FLAGS, 'api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, ...SERVICE_ENV },
  });
  await waitUntil(`${base}/health/ready`, 'the api');
  sampler = rssSampler(apiProcess.pid);
  // Nobody signs in with a password here (sessions are minted below), so no real hash is needed.
  const staff = (
    await db.query(
      `insert into members (email, first_name, last_name, password_hash, role) values ('staff@scale.nocturne.test', 'Scale', 'Staff', $1, 'admin') returning id`,
      [SEEDED_HASH],
    )
  ).rows[0];

  sampler.stats.phase = 'seed';
  log(`seeding ${MEMBERS.toLocaleString('en')} members and their data`);
  const seedStarted = Date.now();
  await seedVenues(db);
  const { heavy } = await seed(db, env, SEEDED_HASH);
  await seedScans(db, staff.id);
  await seedInbox(db);
  const { webhookId, syncJobId } = await seedStaffHistory(db, staff.id);
  await db.query('set session_replication_role = origin');
  // As a database that has run for years looks to PostgreSQL: old rows all-visible (index-only
  // scans skip the table), statistics current.
  log('  vacuum analyze');
  await db.query('vacuum analyze');
  const counts = (
    await db.query(`select (select count(*) from members)::int as members, (select count(*) from point_transactions)::int as ledger_rows,
                           (select count(*) from news_comments)::int as comments, (select count(*) from user_coupons)::int as claims,
                           (select count(*) from qr_scans)::int as scans`)
  ).rows[0];
  report.dataset = {
    members: counts.members,
    ledgerRows: counts.ledger_rows,
    comments: counts.comments,
    claims: counts.claims,
    scans: counts.scans,
    heavy: DATA,
    seedSeconds: round((Date.now() - seedStarted) / 1000),
  };
  log(`seeded in ${report.dataset.seedSeconds} s: ${JSON.stringify(counts)}`);

  log('ledger:verify');
  const verifyStarted = Date.now();
  const { spawnSync } = await import('node:child_process');
  const verify = spawnSync(node, ['api/dist/scripts/ledger-verify.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  report.ledgerVerified = verify.status === 0;
  report.ledgerVerifySeconds = round((Date.now() - verifyStarted) / 1000);
  log(`  ${(verify.stdout || verify.stderr).trim().split('\n').at(-1)} (${report.ledgerVerifySeconds} s)`);

  // Staff enrol a second factor before anything else: the bench's admin has an
  // authenticator app on record, and a minted session counts as having answered it.
  await db.query(
    `insert into second_factors (member_id, kind, label, totp_secret, confirmed_at) values ($1, 'totp', 'bench:scale', $2, now())`,
    [staff.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'],
  );
  const staffToken = await mintSession(db, staff.id, true);
  /** When each staff session last gave its second factor (its step-up window runs from then). */
  const secondFactorGivenAt = new Map([[staffToken, Date.now()]]);
  // A manager of one of the small venues: the group's data as one venue's own staff see it.
  const venue = (await db.query(`select id, slug from venues where slug = 'venue-5'`)).rows[0];
  const venueManager = (
    await db.query(
      `insert into members (email, first_name, last_name, password_hash, role) values ('manager@scale.nocturne.test', 'Venue', 'Manager', $1, 'manager') returning id`,
      [SEEDED_HASH],
    )
  ).rows[0];
  await db.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [venueManager.id, venue.id]);
  await db.query(
    `insert into second_factors (member_id, kind, label, totp_secret, confirmed_at) values ($1, 'totp', 'bench:scale', $2, now())`,
    [venueManager.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'],
  );
  const venueManagerToken = await mintSession(db, venueManager.id, true);
  secondFactorGivenAt.set(venueManagerToken, Date.now());
  const memberRow = (await db.query('select id from members where email = $1', [emailOf(Math.ceil(MEMBERS / 2))])).rows[0];
  const memberToken = await mintSession(db, memberRow.id);
  const heavyToken = await mintSession(db, heavy[0].id);
  const popularPost = (await db.query('select id from news_posts order by created_at desc, id limit 1')).rows[0].id;
  const pastNight = (await db.query('select (current_date - 60)::text as night')).rows[0].night;
  const scanPages = async () => {
    let cursor;
    for (let page = 0; page < 20; page += 1) {
      const answer = await (
        await fetch(`${base}/api/admin/scans?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
          headers: { authorization: `Bearer ${staffToken}` },
        })
      ).json();
      cursor = answer.nextCursor ?? cursor;
    }
    return cursor;
  };
  const deepScanCursor = await scanPages();
  // A booking a guest holds a cancel link for (the link's token, as the confirmation e-mail has it).
  const booking = (await db.query("select id from bookings where status = 'confirmed' order by created_at desc limit 1")).rows[0];
  const memberCard = await (
    await fetch(`${base}/api/auth/me/card`, { headers: { authorization: `Bearer ${memberToken}` } })
  ).json();
  const ctx = {
    venue: { id: venue.id, slug: venue.slug },
    heavyId: heavy[0].id,
    emailPrefix: emailOf(4242).slice(0, 12),
    surname: SURNAMES[3],
    pastNight,
    tonight: (
      await db.query(`select (now() at time zone $1 - interval '6 hours')::date::text as night`, [
        env.VENUE_TZ ?? 'Australia/Sydney',
      ])
    ).rows[0].night,
    deepScanCursor,
    popularPost,
    webhookId,
    syncJobId,
    booking: { id: booking.id, token: bookingCancelToken(bookingCancelKey(env.QR_SECRET), booking.id) },
    card: { qrPayload: memberCard.qrPayload, shortCode: memberCard.shortCode },
    // The cursor a door's poll sends back: what changed since tonight's data was taken.
    doorDataVersion: (await (await fetch(`${base}/api/door/data`, { headers: { authorization: `Bearer ${staffToken}` } })).json())
      .version,
  };
  // A weekly club night with a guest list, as a manager creates it (What's on, its page, the list).
  const eventAnswer = await fetch(`${base}/api/admin/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Friday Late',
      lineUp: ['DJ Okafor', 'The Silvas'],
      night: ctx.tonight,
      doorsOpen: '22:00',
      lastEntry: '03:00',
      repeatsWeekly: true,
      priceCents: 2500,
      status: 'published',
      guestList: { capacity: 200, freeUntil: '23:30', cutoff: '21:00' },
    }),
  });
  const event = await eventAnswer.json();
  if (eventAnswer.status !== 201)
    log(`  the event was not created (${eventAnswer.status}): ${JSON.stringify(event).slice(0, 200)}`);
  ctx.event = { id: event.id ?? event.event?.id, slug: event.slug ?? event.event?.slug, night: ctx.tonight };
  const tokens = {
    staff: staffToken,
    venueManager: venueManagerToken,
    member: memberToken,
    heavy: heavyToken,
    anyone: undefined,
  };

  report.cases = [];
  for (const c of scaleCases()) {
    if (ONLY && !ONLY.includes(c.name)) continue;
    const token = tokens[c.as];
    const request = {
      method: c.method ?? 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(c.body ? { 'content-type': 'application/json' } : {}),
      },
      body: c.body ? JSON.stringify(c.body(ctx)) : undefined,
      accept: c.accept ?? [200],
    };
    const route = c.route(ctx);
    const url = `${base}${route}`;
    // Staff gave their second factor within step-up's window (STEP_UP_WINDOW_MS, 15 minutes), as
    // before an export: renewed when a third of it has passed. The api learns of the change from
    // the session's version notification, which reaches it apart from the requests: the bench
    // waits for it before the case's first request, which would otherwise meet the cached session.
    if ((c.as === 'staff' || c.as === 'venueManager') && Date.now() - (secondFactorGivenAt.get(token) ?? 0) > 5 * 60_000) {
      await db.query(`update sessions set second_factor_ok = true, second_factor_at = now() where token_hash = $1`, [
        createHash('sha256').update(token).digest('hex'),
      ]);
      secondFactorGivenAt.set(token, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    sampler.stats.phase = c.name;
    log(`${c.name}: ${SEQUENTIAL} sequential, then ${CLIENTS} clients for ${SECONDS} s`);
    try {
      const seq = await sequential(url, request);
      const conc = await concurrent(url, request);
      report.cases.push({
        name: c.name,
        endpoint: c.endpoint,
        route,
        stream: c.stream ?? false,
        sequential: seq,
        concurrent: conc,
        peakRssMb: sampler.stats.peakByPhaseMb[c.name] ?? null,
      });
    } catch (error) {
      report.cases.push({ name: c.name, endpoint: c.endpoint, route, error: String(error.message ?? error).slice(0, 200) });
    }
  }
  report.rss = { startMb: sampler.stats.startMb, peakMb: sampler.stats.peakMb, peakByPhaseMb: sampler.stats.peakByPhaseMb };
  report.met = report.cases.filter(meets).length;
  mkdirSync(path.join(root, 'var/bench'), { recursive: true });
  writeFileSync(path.join(root, 'var/bench/scale.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(markdown(report));
  status = 0;
} catch (error) {
  console.error(error);
} finally {
  await cleanup();
}
process.exit(status);
