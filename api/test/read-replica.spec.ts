import { createCoupon, registerAdmin, registerMember, startTestApp, type TestApp, testRedisPrefix } from '@nocturne/testing';
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ReplicaRouter } from '../src/infrastructure/versions/replica-router.js';
import { createPost } from './support/news-fixtures.js';

// A real primary and a real streaming replica (initdb, pg_basebackup -R, each under pg_ctl on its
// own loopback port in a temporary directory): the polling reads go to the replica, writes to the
// primary, and a member never reads from before their own claim, even with the replica's replay
// paused (which makes its lag deterministic).

const bindir = (() => {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
const missing = ['initdb', 'pg_ctl', 'pg_basebackup'].filter((tool) => !bindir || !existsSync(path.join(bindir, tool)));
const skipReason = missing.length > 0 ? `PostgreSQL server binaries missing (${missing.join(', ')}; pg_config --bindir)` : '';
if (skipReason && !(process.env['CI'] && process.env['CI'] !== 'false'))
  console.warn(`read-replica.spec.ts skipped: ${skipReason}`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const asRoot = process.getuid?.() === 0;
/** initdb refuses root: as root, the server binaries run as the `postgres` user. */
function run(tool: string, args: string[]): string {
  const binary = path.join(bindir, tool);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

let dir: string;
let primaryPort: number;
let replicaPort: number;
let t: TestApp;
let primary: pg.Pool;
let replica: pg.Pool;
let adminToken: string;

const started: string[] = [];

// In CI (CI set) the test runs whatever is installed, so a missing binary fails it loudly.
const inCi = !!process.env['CI'] && process.env['CI'] !== 'false';
if (skipReason && inCi) {
  describe('read replica', () => {
    it('finds its binaries', () => {
      throw new Error(`${skipReason}, and CI must run this test`);
    });
  });
}

(skipReason ? describe.skip : describe)(`read replica${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-replica-'));
    if (asRoot)
      chownSync(
        dir,
        Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      );
    [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const primaryDir = path.join(dir, 'primary');
    const replicaDir = path.join(dir, 'replica');
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const server = (port: number) =>
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c wal_level=replica -c max_wal_senders=4 -c hot_standby=on`;
    run('pg_ctl', ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-o', server(primaryPort), '-w', 'start']);
    started.push(primaryDir);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
    ]);
    run('pg_ctl', ['-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-o', server(replicaPort), '-w', 'start']);
    started.push(replicaDir);

    const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/nocturne`;
    const replicaUrl = `postgresql://postgres@127.0.0.1:${replicaPort}/nocturne`;
    // The real migration command, as the integration run's template gets it.
    execFileSync(process.execPath, [path.join(root, 'libs/db/dist/scripts/migrate.js')], {
      env: { ...process.env, DATABASE_URL: primaryUrl },
      stdio: 'ignore',
    });
    primary = new pg.Pool({ connectionString: primaryUrl, max: 2 });
    replica = new pg.Pool({ connectionString: replicaUrl, max: 2 });
    primary.on('error', () => undefined);
    replica.on('error', () => undefined);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URL: replicaUrl,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix('replica'),
      WEB_DIST_DIR: '/nonexistent',
      MAIL_DIR: path.join(dir, 'mail'),
      TRUST_PROXY: '1',
    };
    t = await startTestApp({}, { env, db: { url: primaryUrl, name: 'nocturne', drop: async () => undefined } });
    adminToken = (await registerAdmin(t)).sessionId;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await Promise.allSettled([primary?.end(), replica?.end()]);
    for (const dataDir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const router = () => t.app.get(ReplicaRouter);
  const replayed = async () =>
    (await replica.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn')).rows[0]!.lsn;
  const waitForReplay = async () => {
    const { lsn } = (await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]!;
    for (let i = 0; i < 200; i++) {
      const { rows } = await replica.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn]);
      if (rows[0]!.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`replica did not replay to ${lsn} (at ${await replayed()})`);
  };

  it('serves the polls from the replica and keeps writes on the primary', async () => {
    const member = await registerMember(t);
    await createCoupon(t, adminToken, { title: 'Replica night' });
    await waitForReplay();
    const before = { ...router().served };
    for (const route of ['/api/news', '/api/coupons', '/api/points/history']) {
      const answer = await t.request('GET', route, { token: member.sessionId });
      expect({ route, status: answer.status }).toEqual({ route, status: 200 });
    }
    expect(router().served.replica - before.replica).toBe(3);
    expect(router().served.primary - before.primary).toBe(0);
    // The replica is a standby (it could take no write) and holds the api's read sessions.
    expect((await replica.query('select pg_is_in_recovery() as standby')).rows[0].standby).toBe(true);
    const { rows } = await replica.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = 'nocturne' and pid <> pg_backend_pid()",
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    // The reads really are the replica's: with its replay paused, a title changed on the primary
    // behind the version triggers' back (so nothing sends the poll to the primary) is not seen.
    const post = await createPost(t, adminToken, { title: 'Seen on the replica' });
    await waitForReplay();
    await replica.query('select pg_wal_replay_pause()');
    try {
      const client = await primary.connect();
      try {
        await client.query('begin');
        await client.query("set local session_replication_role = 'replica'");
        await client.query("update news_posts set title = 'Only on the primary' where id = $1", [post.id]);
        await client.query('commit');
      } finally {
        client.release();
      }
      const feed = await t.request('GET', '/api/news', { token: member.sessionId });
      const titles = (feed.body.posts as { id: string; title: string }[]).filter((p) => p.id === post.id).map((p) => p.title);
      expect(titles).toEqual(['Seen on the replica']);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    // Operators see the split on /metrics.
    const metrics = await fetch(`${t.baseUrl}/metrics`).then((answer) => answer.text());
    expect(metrics).toContain(`replica_poll_reads_total{database="replica"} ${router().served.replica}`);
    expect(metrics).toContain(`replica_poll_reads_total{database="primary"} ${router().served.primary}`);
  });

  it("never shows a member a poll from before their own claim, with the replica's replay paused", async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken, { title: 'Paused replay' });
    await waitForReplay();
    const first = await t.request('GET', '/api/coupons', { token: member.sessionId });
    const offered = () => (first.body as { id: string; claimable: boolean }[]).find((c) => c.id === coupon.id)!;
    expect(offered().claimable).toBe(true);
    await replica.query('select pg_wal_replay_pause()');
    try {
      const before = { ...router().served };
      const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
      expect(claimed.status).toBe(201);
      // The replica really is behind: it has not seen the claim.
      const onReplica = await replica.query('select count(*)::int as n from user_coupons where coupon_id = $1', [coupon.id]);
      expect(onReplica.rows[0].n).toBe(0);
      const again = await t.request('GET', '/api/coupons', {
        token: member.sessionId,
        headers: { 'if-none-match': first.headers.get('etag')! },
      });
      expect(again.status).toBe(200);
      const now = (again.body as { id: string; claimable: boolean }[]).find((c) => c.id === coupon.id)!;
      // One per member (the default): after their claim it is no longer claimable for them.
      expect(now.claimable).toBe(false);
      expect(router().served.primary - before.primary).toBe(1);
      expect(router().served.replica - before.replica).toBe(0);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await waitForReplay();
    const before = router().served.replica;
    expect((await t.request('GET', '/api/coupons', { token: member.sessionId })).status).toBe(200);
    expect(router().served.replica - before).toBe(1);
  });

  it('measures a news poll on the replica and on the primary', async () => {
    const member = await registerMember(t);
    const time = async (rounds: number) => {
      const samples: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const at = performance.now();
        const answer = await t.request('GET', '/api/news', { token: member.sessionId });
        samples.push(performance.now() - at);
        expect(answer.status).toBe(200);
      }
      return samples;
    };
    await time(20);
    await waitForReplay();
    const onReplica = router().served.replica;
    const replicaSamples = await time(200);
    expect(router().served.replica - onReplica).toBe(200);
    // With replay paused behind a news change, every news poll goes to the primary.
    await replica.query('select pg_wal_replay_pause()');
    try {
      await createPost(t, adminToken, { title: 'Behind the replica' });
      const onPrimary = router().served.primary;
      const primarySamples = await time(200);
      expect(router().served.primary - onPrimary).toBe(200);
      console.log(
        `read replica: 200 news polls each; p95 ${p95(replicaSamples).toFixed(1)} ms on the replica, ` +
          `${p95(primarySamples).toFixed(1)} ms on the primary (replay paused behind a news change)`,
      );
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
  }, 60_000);

  it('keeps answering the polls from the primary when the replica goes away', async () => {
    const member = await registerMember(t);
    await waitForReplay();
    expect((await t.request('GET', '/api/news', { token: member.sessionId })).status).toBe(200);
    run('pg_ctl', ['-D', path.join(dir, 'replica'), '-m', 'immediate', '-w', 'stop']);
    const before = router().served.primary;
    for (const route of ['/api/news', '/api/coupons', '/api/points/history', '/api/news']) {
      const answer = await t.request('GET', route, { token: member.sessionId });
      expect({ route, status: answer.status }).toEqual({ route, status: 200 });
    }
    expect(router().served.primary - before).toBe(4);
  });
});
