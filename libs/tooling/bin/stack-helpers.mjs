// Helpers shared by the scripts that start the whole stack (start, dev, e2e runner, benchmarks).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const node = process.execPath;

/**
 * V8 limits for the api and worker, sized to ARCHITECTURE.md's 300 MB per process: a 192 MB old
 * generation (the live heap is about 60-80 MB under `npm run bench`) and 16 MB semi-spaces (on a
 * machine with plenty of memory Node 24 grows each to 64 MB, a 128 MB young generation before
 * anything is kept). Every script that starts the services uses these; the Dockerfile and the
 * `start:api` / `start:worker` npm scripts repeat them (api/test/deploy/docker-compose.spec.ts
 * holds them to the same list).
 *
 * `--no-allocation-site-pretenuring`: V8 watches the object literals each allocation site makes,
 * and a site whose objects all survived one young-generation collection is switched to allocating
 * straight into the old generation, for good. Under load one of the api's per-request sites
 * (`--trace-pretenuring-statistics`: ~360 objects between collections, 53% of them still alive
 * at the next) was switched that way early on, so its short-lived objects filled the old
 * generation: a full mark-compact every 0.6 s (5-17 ms paused, plus up to 16 ms incremental
 * steps) during `npm run bench`'s points-history load, and that is the read tail the baseline
 * does not have. Without pretenuring the same load ran 11 mark-compacts in place of 42, and
 * its p99 went from 1.8-2.2x the baseline's to 0.7x (README, Benchmarks).
 *
 * `--no-maglev`: Maglev, V8's mid-tier compiler (on by default since Node 22), compiles on V8's
 * worker threads into zones glibc's malloc serves and keeps: twenty clients reading `/api/auth/me`
 * for ten seconds took the api from 190 to 232-247 MB RSS, 41 MB of it malloc's (with
 * `MALLOC_ARENA_MAX=1`: the main heap went from 15 to 56 MB), against 192 MB and 18 MB without
 * Maglev. Hot code still reaches TurboFan, so throughput holds (README, Memory).
 */
export const SERVICE_NODE_FLAGS = [
  '--max-old-space-size=192',
  '--max-semi-space-size=16',
  '--no-allocation-site-pretenuring',
  '--no-maglev',
];

/**
 * The environment the api and worker run in besides their own configuration: glibc malloc's
 * settings, which a process reads when it starts (no node flag reaches them). Every script that
 * starts the services merges these in; the Dockerfile's `ENV` and the `start:api` / `start:worker`
 * npm scripts repeat them (api/test/deploy/docker-compose.spec.ts holds them to the same values).
 *
 * `MALLOC_MMAP_THRESHOLD_`: glibc serves a block of 128 KB or more (a JSON answer's Buffer, an
 * export's batch, zlib's state for a gzipped answer) straight from the kernel and gives it back
 * when freed, but after the first such block is freed it raises that threshold to the block's size
 * (up to 32 MB), so from then on large blocks come from its arenas, whose freed space stays
 * resident in pieces. Fixed at 128 KB, they go back to the kernel: `npm run bench:scale` at
 * 100,000 members (the members and audit CSVs, `me`, the heavy member's export at 20 clients)
 * peaked at 269-271 MB against 280-292 MB, the same requests at the same rates (README, Memory).
 */
export const SERVICE_ENV = {
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/**
 * The bare baselines' connection pool. With BENCH_BASELINE_PREPARED=1 its connections send every
 * statement that has parameters as a named prepared statement, as the api's pool does for its
 * compiled statements (PreparingClient): the comparison then leaves PostgreSQL's parsing and
 * planning out and measures what the api's own process adds.
 */
export function baselinePool(connectionString) {
  if (process.env.BENCH_BASELINE_PREPARED !== '1') return new pg.Pool({ connectionString, max: 10 });
  const names = new Map();
  class PreparingClient extends pg.Client {
    query(config, values, callback) {
      if (typeof config !== 'string' || !Array.isArray(values)) return super.query(config, values, callback);
      let name = names.get(config);
      if (name === undefined)
        names.set(config, (name = `baseline_${createHash('sha256').update(config).digest('hex').slice(0, 32)}`));
      return super.query({ name, text: config, values }, callback);
    }
  }
  return new pg.Pool({ connectionString, max: 10, Client: PreparingClient });
}

/** Runs a Node script of the repo on the project's Node; throws when it fails. */
export function must(label, args, env = {}) {
  const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${label} failed`);
}

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs one statement on the server's `postgres` database (create or drop a throwaway one). */
export async function admin(serverUrl, sql) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** HEAD's short hash, marked -dirty when tracked files differ from it (the figures are of the tree). */
export function commitLabel() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD').stdout?.trim();
  if (!head) return 'unknown';
  return git('status', '--porcelain', '--untracked-files=no').stdout.trim() ? `${head}-dirty` : head;
}

/** Deletes the run's keys (queues, rate-limit counters) under its own Redis prefix. */
export async function dropRedisPrefix(url, prefix) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A throwaway stack's database name and environment: its own database on the server named by
 * DATABASE_URL, its own Redis prefix, a free port, temporary mail and upload folders, quiet logs.
 */
export async function throwawayStack(label, extra = {}) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = `nocturne_${label}_${randomBytes(3).toString('hex')}`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const port = await freePort();
  const env = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `${label}:${randomBytes(3).toString('hex')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    MAIL_DIR: mkdtempSync(path.join(os.tmpdir(), `nocturne-${label}-mail-`)),
    STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), `nocturne-${label}-uploads-`)),
    ...extra,
  };
  return { serverUrl, database, port, env };
}
