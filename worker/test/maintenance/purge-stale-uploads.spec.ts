import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { S3Stub, waitFor, registerAdmin, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorker } from '../support/worker-app.js';

const BUCKET = 'nocturne-media';
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);

describe.each(['local', 's3'] as const)('purging uploads never finalized (%s storage)', (kind) => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let s3: S3Stub | undefined;
  let storageDir: string;
  let queue: Queue;
  let adminToken: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'nocturne-purge-'));
    let overrides: Record<string, string> = { STORAGE_DIR: storageDir };
    if (kind === 's3') {
      s3 = new S3Stub();
      const endpoint = await s3.start();
      overrides = {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      };
    }
    const base = await testEnv(overrides);
    t = await startTestApp({}, base);
    worker = await startWorker(base.env);
    queue = new Queue(QueueName.Maintenance, {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'),
      prefix: base.env['REDIS_PREFIX'],
    });
    adminToken = (await registerAdmin(t)).sessionId;
  });
  afterAll(async () => {
    await queue.close();
    await worker.close();
    await t.close();
    await s3?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function stored(): Promise<string[]> {
    if (s3) return s3.keys(BUCKET);
    return (await readdir(path.join(storageDir, 'news')).catch(() => [] as string[])).map((file) => `news/${file}`).sort();
  }

  /** Signs and uploads one PNG; finalizes it when asked. Returns its key. */
  async function upload(options: { finalize: boolean }): Promise<string> {
    const signed = await t.request('POST', '/api/admin/upload/sign', { token: adminToken, body: { contentType: 'image/png' } });
    const put = await fetch(new URL(signed.body.uploadURL, t.baseUrl), {
      method: 'PUT',
      headers: signed.body.headers,
      body: png(),
    });
    expect(put.status).toBe(200);
    const mediaURL = new URL(signed.body.uploadURL, t.baseUrl).href.split('?')[0]!;
    if (options.finalize)
      expect(
        (
          await t.request('POST', '/api/admin/upload/finalize', {
            token: adminToken,
            body: { mediaURL, contentType: 'image/png' },
          })
        ).status,
      ).toBe(200);
    return mediaURL.match(/news\/.+$/)![0];
  }

  const age = (key: string, hours: number) =>
    t.sql.query(`update media_uploads set created_at = now() - make_interval(hours => $2) where key = $1`, [key, hours]);

  it('is scheduled on the maintenance queue', async () => {
    const scheduler = await queue.getJobScheduler('purge-stale-uploads');
    expect(scheduler).toMatchObject({ name: 'maintenance.purge-stale-uploads', every: 3_600_000 });
  });

  it('deletes uploads signed more than 24 hours ago and never finalized, object and record, and nothing else', async () => {
    const stale = [await upload({ finalize: false }), await upload({ finalize: false })];
    const recent = await upload({ finalize: false });
    const oldButFinalized = await upload({ finalize: true });
    const neverUploaded = (
      await t.request('POST', '/api/admin/upload/sign', { token: adminToken, body: { contentType: 'image/gif' } })
    ).body.uploadURL.match(/news\/[^?]+/)[0];
    for (const key of [...stale, neverUploaded]) await age(key, 25);
    await age(recent, 23);
    await age(oldButFinalized, 48);

    const job = await queue.add('maintenance.purge-stale-uploads', {});
    const keys = async () =>
      (await t.sql.query('select key from media_uploads order by key')).rows.map((row) => row.key as string);
    await waitFor(async () => (await keys()).length === 2, { timeoutMs: 20_000, what: 'the purge' });
    expect(await keys()).toEqual([recent, oldButFinalized].sort());
    expect(await stored()).toEqual([recent, oldButFinalized].sort());
    await waitFor(async () => (await queue.getJob(job.id!))?.finishedOn, { what: 'the job to finish' });
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ purged: 3 });

    // Running again (a retry, or the next hour) changes nothing and still succeeds.
    const again = await queue.add('maintenance.purge-stale-uploads', {});
    await waitFor(async () => (await queue.getJob(again.id!))?.finishedOn, { what: 'the second run' });
    expect((await queue.getJob(again.id!))?.returnvalue).toEqual({ purged: 0 });
    expect((await fetch(`${t.baseUrl}/media/${oldButFinalized}`)).status).toBe(200);
  });
});
