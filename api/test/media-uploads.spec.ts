import { S3Stub, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LIMIT = 10_485_760;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_SIGNATURE, randomBytes(size - PNG_SIGNATURE.length)]);
const BUCKET = 'nocturne-media';

interface Upload {
  uploadURL: string;
  method: string;
  headers: Record<string, string>;
}

describe.each(['local', 's3'] as const)('media uploads with %s storage', (kind) => {
  let t: TestApp;
  let s3: S3Stub | undefined;
  let storageDir: string;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'nocturne-uploads-'));
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
    t = await startTestApp(overrides);
    adminToken = (await registerAdmin(t)).sessionId;
    memberToken = (await registerMember(t)).sessionId;
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  /** Every object in storage, whoever wrote it. */
  async function stored(): Promise<string[]> {
    if (s3) return s3.keys(BUCKET);
    const files = await readdir(path.join(storageDir, 'news')).catch(() => [] as string[]);
    const partial = await readdir(path.join(storageDir, '.partial')).catch(() => [] as string[]);
    return [...files.map((file) => `news/${file}`), ...partial.map((file) => `.partial/${file}`)];
  }

  const sign = (contentType: string, token = adminToken) =>
    t.request<Upload & { issues?: { path: string; message: string }[] }>('POST', '/api/admin/upload/sign', {
      token,
      body: { contentType },
    });
  const finalize = (mediaURL: string, contentType: string, token = adminToken) =>
    t.request('POST', '/api/admin/upload/finalize', { token, body: { mediaURL, contentType } });

  /** What the browser does with the upload parameters: PUT the raw bytes with the given headers. */
  async function put(upload: Upload, body: Buffer, url = upload.uploadURL) {
    const response = await fetch(new URL(url, t.baseUrl), { method: upload.method, headers: upload.headers, body });
    const text = await response.text();
    return { status: response.status, text };
  }
  /** Uppy reports the upload URL without its query as the file's location. */
  const location = (upload: Upload) => new URL(upload.uploadURL, t.baseUrl).href.split('?')[0]!;

  it('signs, takes the PUT, finalizes and serves the same bytes', async () => {
    const signed = await sign('image/png');
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ uploadURL: expect.any(String), method: 'PUT', headers: { 'content-type': 'image/png' } });
    const bytes = png(200_000);
    expect((await put(signed.body, bytes)).status).toBe(200);

    const done = await finalize(location(signed.body), 'image/png');
    expect(done.status).toBe(200);
    expect(done.body.objectPath).toMatch(/^news\/[0-9a-f-]{36}\.png$/);
    expect(done.body.url).toBe(`/media/${done.body.objectPath}`);
    expect(await stored()).toEqual([done.body.objectPath]);
    const row = await t.sql.query('select content_type, size, finalized_at from media_uploads where key = $1', [
      done.body.objectPath,
    ]);
    expect(row.rows[0]).toMatchObject({ content_type: 'image/png', size: bytes.length, finalized_at: expect.any(Date) });

    const first = await fetch(`${t.baseUrl}/media/${done.body.objectPath}`, { redirect: 'manual' });
    if (kind === 's3') {
      expect(first.status).toBe(302);
      expect(first.headers.get('location')).toContain(`${s3!.endpoint}/${BUCKET}/${done.body.objectPath}?`);
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    } else {
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const served = await fetch(`${t.baseUrl}/media/${done.body.objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    // Finalizing again (a retried request) answers the same path.
    expect((await finalize(location(signed.body), 'image/png')).body.objectPath).toBe(done.body.objectPath);
  });

  it('accepts a file of exactly 10,485,760 bytes and refuses 10,485,761, leaving nothing stored', async () => {
    const atLimit = (await sign('image/png')).body;
    expect((await put(atLimit, png(LIMIT))).status).toBe(200);
    expect((await finalize(location(atLimit), 'image/png')).status).toBe(200);
    const before = await stored();

    const tooBig = (await sign('image/png')).body;
    const putAnswer = await put(tooBig, png(LIMIT + 1));
    // The local route refuses at once; S3 takes the bytes and finalize deletes them.
    expect(putAnswer.status).toBe(kind === 'local' ? 413 : 200);
    const refused = await finalize(location(tooBig), 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe(kind === 'local' ? 'mediaURL' : 'file');
    expect(await stored()).toEqual(before);
  }, 120_000);

  it('refuses to sign a type browsers should not be handed (text/html), naming the field', async () => {
    const before = await stored();
    const answer = await sign('text/html');
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'contentType', message: expect.stringContaining('image/jpeg') }]);
    expect((await sign('')).body.issues?.[0]?.path).toBe('contentType');
    expect(await stored()).toEqual(before);
  });

  it('deletes a PNG declared as video/mp4 and answers 400', async () => {
    const before = await stored();
    const upload = (await sign('video/mp4')).body;
    expect(upload.uploadURL).toMatch(/news\/[0-9a-f-]{36}\.mp4/);
    expect((await put(upload, png(5_000))).status).toBe(200);
    const key = location(upload).match(/news\/.+$/)![0];
    expect(await stored()).toContain(key);

    const answer = await finalize(location(upload), 'video/mp4');
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'file', message: 'is not an MP4 video' }]);
    expect(await stored()).toEqual(before);
    expect((await t.sql.query('select 1 from media_uploads where key = $1', [key])).rowCount).toBe(0);
    expect((await fetch(`${t.baseUrl}/media/${key}`)).status).toBe(404);
  });

  it('answers 400, not 500, to a media URL with broken %-encoding', async () => {
    const answer = await finalize(`${t.baseUrl}/api/uploads/news/%E0%A4%A.png`, 'image/png');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400 });
  });

  it('refuses a key the server did not sign, at the PUT and at finalize', async () => {
    const before = await stored();
    const upload = (await sign('image/png')).body;
    const forgedKey = `news/${randomUUID()}.png`;
    const forged = upload.uploadURL.replace(/news\/[^?]+/, forgedKey);
    expect((await put(upload, png(1_000), forged)).status).toBe(403);
    expect(await stored()).toEqual(before);

    const answer = await finalize(forged.split('?')[0]!, 'image/png');
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].path).toBe('mediaURL');
    expect((await finalize('https://example.com/evil.png', 'image/png')).body.issues[0].path).toBe('mediaURL');
    // A signed upload whose bytes never arrived is refused too, and stays refusable.
    expect((await finalize(location(upload), 'image/png')).body.issues[0]).toEqual({
      path: 'mediaURL',
      message: expect.stringContaining('no uploaded file'),
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a content type other than the one signed', async () => {
    const before = await stored();
    const upload = (await sign('image/png')).body;
    expect((await put({ ...upload, headers: { 'content-type': 'image/gif' } }, png(1_000))).status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('refuses an expired upload URL', async () => {
    const before = await stored();
    // The handler reads the live configuration: a one-second lifetime for this test only.
    t.config.UPLOAD_URL_TTL_SECONDS = 1;
    let upload: Upload;
    try {
      upload = (await sign('image/png')).body;
    } finally {
      t.config.UPLOAD_URL_TTL_SECONDS = 600;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await put(upload, png(1_000))).status).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await finalize(location(upload), 'image/png')).status).toBe(400);
  });

  it('lets only admins sign and finalize', async () => {
    const before = await stored();
    const records = async () => (await t.sql.query('select count(*)::int as n from media_uploads')).rows[0].n as number;
    const recordsBefore = await records();
    expect((await sign('image/png', memberToken)).status).toBe(403);
    expect((await t.request('POST', '/api/admin/upload/sign', { body: { contentType: 'image/png' } })).status).toBe(401);
    expect(await records()).toBe(recordsBefore);
    expect(await stored()).toEqual(before);

    const upload = (await sign('image/png')).body;
    expect((await put(upload, png(1_000))).status).toBe(200);
    const key = location(upload).match(/news\/.+$/)![0];
    expect((await finalize(location(upload), 'image/png', memberToken)).status).toBe(403);
    expect(
      (await t.request('POST', '/api/admin/upload/finalize', { body: { mediaURL: location(upload), contentType: 'image/png' } }))
        .status,
    ).toBe(401);
    // Still pending, so not public: the cleanup job removes it if no admin finalizes it.
    expect((await t.sql.query('select finalized_at from media_uploads where key = $1', [key])).rows).toEqual([
      { finalized_at: null },
    ]);
    expect((await fetch(`${t.baseUrl}/media/${key}`)).status).toBe(404);
  });

  it('answers 404 for media that does not exist', async () => {
    expect((await t.request('GET', `/media/news/${randomUUID()}.png`)).status).toBe(404);
    expect((await t.request('GET', '/media/../../etc/passwd')).status).toBe(404);
    expect((await t.request('GET', '/media/news/not-a-key.png')).status).toBe(404);
  });

  if (kind === 'local') {
    it('cuts off a body far over the limit with 413 and documents both public routes', async () => {
      const upload = (await sign('image/png')).body;
      const before = await stored();
      expect((await put(upload, png(LIMIT + 2_000_000))).status).toBe(413);
      expect(await stored()).toEqual(before);
      const doc = (await t.request('GET', '/api/openapi.json')).body;
      expect(doc.paths['/media/news/{file}'].get['x-access']).toBe('anyone');
      expect(doc.paths['/api/uploads/news/{file}'].put['x-access']).toBe('anyone');
      expect(doc.paths['/api/admin/upload/sign'].post['x-access']).toEqual(['manager', 'admin']);
    }, 60_000);

    it('serves byte ranges (video seeking) and refuses to overwrite a finalized upload', async () => {
      const upload = (await sign('image/png')).body;
      const bytes = png(4_000);
      await put(upload, bytes);
      const { objectPath } = (await finalize(location(upload), 'image/png')).body;
      const partial = await fetch(`${t.baseUrl}/media/${objectPath}`, { headers: { range: 'bytes=100-199' } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(Buffer.from(await partial.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
      expect((await fetch(`${t.baseUrl}/media/${objectPath}`, { headers: { range: 'bytes=9000-' } })).status).toBe(416);

      expect((await put(upload, png(4_000))).status).toBe(409);
      const again = await fetch(`${t.baseUrl}/media/${objectPath}`);
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    });
  }
});
