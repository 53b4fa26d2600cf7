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
import { readFileSync } from 'node:fs';
import pg from 'pg';

// Twenty members opening a post with 80,000 comments ran the api out of its 192 MB heap
// ("JavaScript heap out of memory"), the whole list answered at once (12 MB each). The built api
// runs here as `npm run start:api` starts it, with its heap flags, and twenty clients open that
// post at once and read on: it stays up and its resident memory under the 300 MB budget.
const ADMIN = { email: 'night-manager@club.example', password: 'popular-post-password-2026' };
const COMMENTS = 80_000;
const CLIENTS = 20;
const RSS_BUDGET_MB = 300;

let db: TestDatabase;
let api: ServiceProcess;
let baseUrl: string;

beforeAll(async () => {
  db = await createTestDatabase('popular_post');
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
      REDIS_PREFIX: testRedisPrefix('popular-post'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    flags,
  );
  await api.waitForLine((line) => line.includes('api listening on'), 'the api to listen', 60_000);
}, 90_000);
afterAll(async () => {
  await api?.stop('SIGKILL');
  await db?.drop();
});

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
  return { status: answer.status, bytes: text.length, body: text ? (JSON.parse(text) as any) : undefined };
}

describe('a post with 80,000 comments', () => {
  it('twenty members open it at once and read on: the api stays up, under 300 MB RSS', async () => {
    const login = await call('POST', '/api/auth/login', undefined, ADMIN);
    expect(login.status).toBe(200);
    const token = login.body.sessionId as string;
    // An admin enrols a second factor before anything else: an authenticator app.
    const started = await call('POST', '/api/auth/2fa/totp', token);
    expect((await call('POST', '/api/auth/2fa/totp/confirm', token, { code: await totpCode(started.body.secret) })).status).toBe(
      200,
    );
    const post = await call('POST', '/api/admin/news', token, { title: 'The big night', content: 'Tell us about it.' });
    expect(post.status).toBe(201);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query(
        `insert into news_comments (post_id, author_id, content, created_at)
         select $1, $2, 'Best night of the year, the second room was unreal and the queue moved fast. #' || i,
                now() - (${COMMENTS} - i) * interval '1 second'
         from generate_series(1, ${COMMENTS}) as i`,
        [post.body.id, login.body.user.id],
      );
      await sql.query('update news_posts set comment_count = $2 where id = $1', [post.body.id, COMMENTS]);
      await sql.query('analyze news_comments');
    } finally {
      await sql.end();
    }

    const pid = api.child.pid!;
    let peak = rssMb(pid);
    const sampler = setInterval(() => {
      if (api.child.exitCode === null) peak = Math.max(peak, rssMb(pid));
    }, 25);
    const statuses: number[] = [];
    let largest = 0;
    try {
      // Each client opens the post, reads five more pages, then opens it again: 3 rounds.
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let round = 0; round < 3; round += 1) {
            let cursor: string | null = null;
            for (let page = 0; page < 6; page += 1) {
              const query = cursor ? `?limit=100&cursor=${cursor}` : '?limit=100';
              const answer = await call('GET', `/api/news/${post.body.id}/comments${query}`, token);
              statuses.push(answer.status);
              largest = Math.max(largest, answer.bytes);
              cursor = answer.body?.nextCursor ?? null;
              if (!cursor) break;
            }
          }
        }),
      );
      // Asking for everything at once is refused, not served.
      const greedy = await call('GET', `/api/news/${post.body.id}/comments?limit=100000`, token);
      expect(greedy.status).toBe(400);
    } finally {
      clearInterval(sampler);
    }

    expect(api.child.exitCode).toBeNull();
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(statuses).toHaveLength(CLIENTS * 3 * 6);
    // A page of 100 comments, not 80,000.
    expect(largest).toBeLessThan(50_000);
    expect(peak).toBeLessThan(RSS_BUDGET_MB);
    expect((await call('GET', '/health/live')).status).toBe(200);
    process.stdout.write(
      `popular post: peak RSS ${peak.toFixed(0)} MB over ${statuses.length} pages, largest answer ${largest} bytes\n`,
    );
  }, 180_000);
});
