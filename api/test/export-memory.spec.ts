import {
  createTestDatabase,
  freeLoopbackPort,
  type ServiceProcess,
  startFlagsOf,
  startServiceProcess,
  testRedisPrefix,
  type TestDatabase,
  totpCode,
} from '@nocturne/testing';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

// A five-year regular's data export (60,000 ledger rows, 2,000 claims, a comment a week: a 13 MB
// document) asked by twenty clients at once. The built api runs as `npm run start:api` starts it,
// with its heap flags, and with its download limits raised to twenty so that all of them stream
// together: it stays up, under the 300 MB budget, and each download's first byte comes within
// 200 ms, since a download sends its opening before it reads the member's history.
const ADMIN = { email: 'long-standing@club.example', password: 'export-memory-password-2026' };
const LEDGER_ROWS = 60_000;
const CLAIMS = 2_000;
const COMMENTS = 260;
const CLIENTS = 20;
const RSS_BUDGET_MB = 300;
const FIRST_BYTE_MS = 200;

let db: TestDatabase;
let api: ServiceProcess;
let baseUrl: string;

beforeAll(async () => {
  db = await createTestDatabase('export_memory');
  const port = await freeLoopbackPort();
  baseUrl = `http://127.0.0.1:${port}`;
  const flags = startFlagsOf('start:api');
  expect(flags).toContain('--max-old-space-size=192');
  api = startServiceProcess(
    'api/dist/main.js',
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix('export-memory'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      EXPORTS_PER_MEMBER: String(CLIENTS),
      EXPORTS_AT_ONCE: String(CLIENTS),
    },
    flags,
  );
  await api.waitForLine((line) => line.includes('api listening on'), 'the api to listen', 60_000);
}, 90_000);
afterAll(async () => {
  await api?.stop('SIGKILL');
  await db?.drop();
}, 120_000);

/** The process's resident set (VmRSS), in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function call(method: string, pathname: string, token?: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as any) : undefined };
}

/** `{"exportedAt":"2026-11-28T21:00:00.000Z"`: the only bytes that differ between two downloads. */
const STAMP_BYTES = '{"exportedAt":"2026-11-28T21:00:00.000Z"'.length;

/**
 * One download read to its end without keeping it (twenty 13 MB documents would weigh on the test,
 * not the api): its status, when its first byte came, its size and a hash of all but its stamp.
 */
async function download(token: string) {
  const started = performance.now();
  const answer = await fetch(`${baseUrl}/api/auth/me/export`, { headers: { authorization: `Bearer ${token}` } });
  const hash = createHash('sha256');
  let firstByteMs = Number.NaN;
  let bytes = 0;
  for await (const chunk of answer.body! as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    hash.update(chunk.subarray(Math.max(0, STAMP_BYTES - bytes)));
    bytes += chunk.length;
  }
  return { status: answer.status, firstByteMs, bytes, hash: hash.digest('hex') };
}

describe("a five-year regular's data export", () => {
  it('twenty downloads at once: each whole, the first byte within 200 ms, the api under 300 MB RSS', async () => {
    const login = await call('POST', '/api/auth/login', undefined, ADMIN);
    expect(login.status).toBe(200);
    const token = login.body.sessionId as string;
    // An admin enrols a second factor before anything else: an authenticator app.
    const started = await call('POST', '/api/auth/2fa/totp', token);
    expect((await call('POST', '/api/auth/2fa/totp/confirm', token, { code: await totpCode(started.body.secret) })).status).toBe(
      200,
    );
    const memberId = login.body.user.id as string;
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query(
        `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
         select $1, 20, 20, 'adjustment', 'Visit on a Friday night, welcome back', 'seed', 'seed-' || i, now() - i * interval '43 minutes'
         from generate_series(1, ${LEDGER_ROWS}) i`,
        [memberId],
      );
      const coupon = await sql.query(
        `insert into coupons (code, title, description, type) values ('REGULAR', 'Free entry before 11', 'For regulars', 'free_drink') returning id`,
      );
      await sql.query(
        `insert into user_coupons (member_id, coupon_id, claimed_at) select $1, $2, now() - i * interval '20 hours'
         from generate_series(1, ${CLAIMS}) i`,
        [memberId, coupon.rows[0].id],
      );
      const post = await sql.query(
        `insert into news_posts (title, content, content_type, author_id, published_at) values ('Fridays', 'Every week', 'announcement', $1, now()) returning id`,
        [memberId],
      );
      await sql.query(
        `insert into news_comments (post_id, author_id, content, created_at)
         select $1, $2, 'Another great Friday, the second room was unreal. #' || i, now() - i * interval '7 days'
         from generate_series(1, ${COMMENTS}) i`,
        [post.rows[0].id, memberId],
      );
      await sql.query('analyze');
    } finally {
      await sql.end();
    }

    const pid = api.child.pid!;
    let peak = rssMb(pid);
    const sampler = setInterval(() => {
      if (api.child.exitCode === null) peak = Math.max(peak, rssMb(pid));
    }, 25);
    let downloads: Awaited<ReturnType<typeof download>>[];
    try {
      downloads = await Promise.all(Array.from({ length: CLIENTS }, () => download(token)));
    } finally {
      clearInterval(sampler);
    }

    expect(api.child.exitCode).toBeNull();
    expect(downloads.map((answer) => answer.status)).toEqual(Array.from({ length: CLIENTS }, () => 200));
    // One more, read whole: valid JSON with every ledger row (and the welcome bonus), claim and
    // comment; the twenty held the same bytes.
    const whole = await fetch(`${baseUrl}/api/auth/me/export`, { headers: { authorization: `Bearer ${token}` } });
    const text = await whole.text();
    const document = JSON.parse(text);
    expect(document.pointsHistory).toHaveLength(LEDGER_ROWS + 1);
    expect(document.coupons).toHaveLength(CLAIMS);
    expect(document.comments).toHaveLength(COMMENTS);
    const expected = createHash('sha256').update(Buffer.from(text).subarray(STAMP_BYTES)).digest('hex');
    expect(new Set(downloads.map((answer) => answer.hash))).toEqual(new Set([expected]));
    const firstBytes = downloads.map((answer) => answer.firstByteMs).sort((a, b) => a - b);
    process.stdout.write(
      `export memory: ${CLIENTS} downloads of ${(downloads[0]!.bytes / 1e6).toFixed(1)} MB, peak RSS ${peak.toFixed(0)} MB, ` +
        `first byte ${firstBytes[0]!.toFixed(0)}-${firstBytes.at(-1)!.toFixed(0)} ms\n`,
    );
    expect(peak).toBeLessThan(RSS_BUDGET_MB);
    expect(firstBytes.at(-1)).toBeLessThan(FIRST_BYTE_MS);
    expect((await call('GET', '/health/live')).status).toBe(200);
  }, 300_000);
});
