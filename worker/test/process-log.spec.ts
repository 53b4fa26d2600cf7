import { createTestDatabase, startServiceProcess, testRedisPrefix, type TestDatabase } from '@nocturne/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The built worker as it runs in production: its stdout is JSON lines, and it says when it stops
// (a rollout's SIGTERM) and that it finished stopping.
let db: TestDatabase;
let mailDir: string;

beforeAll(async () => {
  db = await createTestDatabase('worker_log');
  mailDir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-worker-log-'));
});
afterAll(async () => {
  await db?.drop();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('the worker log', () => {
  it('writes only JSON lines and a line when it starts stopping and when it has stopped', async () => {
    const worker = startServiceProcess('worker/dist/main.js', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix('worker-log'),
      MAIL_DIR: mailDir,
      WORKER_METRICS_PORT: '0',
      WORKER_METRICS_HOST: '127.0.0.1',
    });
    try {
      await worker.waitForLine((line) => line.includes('Worker started'), 'the worker to start');
      expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    } finally {
      await worker.stop('SIGKILL');
    }
    const lines = worker.stdout().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.slice(-2)).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'Shutdown',
        signal: 'SIGTERM',
        msg: expect.stringMatching(/^Worker stopping/),
      }),
      expect.objectContaining({ level: 30, context: 'Shutdown', msg: 'Worker stopped', shutdownMs: expect.any(Number) }),
    ]);
    expect(worker.stderr()).toBe('');
  });
});
