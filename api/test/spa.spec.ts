import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '@nocturne/testing';

// The api serves the built web app: index.html carries the prerendered landing page (only for `/`),
// app.html the empty shell for every other client-side route.
function fakeDist(withShell: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"><main id="main">prerendered landing</main></div>');
  if (withShell) writeFileSync(path.join(dir, 'app.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets'));
  const script = 'console.log("app")';
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  // The build's precompressed copies (web/vite.config.ts)
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  // The service worker and manifest (vite-plugin-pwa) keep their names across deploys.
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => undefined)');
  writeFileSync(path.join(dir, 'workbox-1a2b3c4d.js'), '/* workbox */');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Nocturne"}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('serving the web app', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fakeDist(true);
    t = await startTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/sw.js', '/workbox-1a2b3c4d.js', '/manifest.webmanifest'])(
    'revalidates %s on every load, so a deploy reaches installed apps',
    async (file) => {
      const answer = await t.request('GET', file);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves the built shell itself with 200 (the service worker precaches /app.html)', async () => {
    const answer = await t.request('GET', '/app.html');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<div id="root"></div>');
  });

  it('lets other public files be kept for an hour', async () => {
    const answer = await t.request('GET', '/favicon.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers / with the prerendered landing page, never cached stale', async () => {
    const page = await t.request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.body).toContain('prerendered landing');
  });

  it.each([
    '/members-login',
    '/member-dashboard',
    '/member-dashboard/',
    '/admin/content',
    '/admin/members',
    '/admin/staff',
    '/admin/members/7d4f4a52-0f7e-4a3e-9c55-2d1f3c1b9e10',
    '/reset-password?token=abc',
  ])('answers %s with the empty shell, so a reload never flashes the landing page', async (url) => {
    const page = await t.request('GET', url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.body).toBe('<!doctype html><div id="root"></div>');
  });

  it.each(['/no-such-page', '/member-dashboard/extra', '/admin', '/events/2026', '/admin/staffing', '/admin/members/1/extra'])(
    'answers %s, which is none of the app\'s pages, with 404 and the shell (the app shows "Page Not Found")',
    async (url) => {
      const page = await t.request('GET', url);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('etag')).toBeNull();
      expect(page.body).toBe('<!doctype html><div id="root"></div>');
    },
  );

  it('serves hashed assets for a year and refuses missing files and api paths with JSON 404s', async () => {
    const asset = await t.request('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const url of ['/assets/missing-123.js', '/api/no-such-route', '/health/nothing']) {
      const missing = await t.request('GET', url);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('sends the precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await t.request('GET', '/assets/index-abc123.js', { headers: { 'accept-encoding': accepted } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('content-type')).toContain('javascript');
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(answer.body).toBe('console.log("app")');
    }
    const plain = await t.request('GET', '/assets/index-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe('console.log("app")');
  });

  it('does not serve files outside the build folder', async () => {
    const escape = await t.request('GET', '/..%2f..%2fetc%2fpasswd');
    expect(escape.body).not.toContain('root:');
    const malformed = await t.request('GET', '/assets/%E0%A4%A.js');
    expect(malformed.status).toBe(400);
  });

  it('falls back to index.html for every page when the build has no app.html', async () => {
    const older = fakeDist(false);
    const app = await startTestApp({ WEB_DIST_DIR: older });
    try {
      expect((await app.request('GET', '/member-dashboard')).body).toContain('prerendered landing');
    } finally {
      await app.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});
