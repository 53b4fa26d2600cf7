import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPost, expectLedgerClean, UNKNOWN_ID } from './support/news-fixtures.js';

// Staff edit and delete news posts; members see the change on their next poll.

let t: TestApp;
let storageDir: string;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'nocturne-news-admin-'));
  t = await startTestApp({ STORAGE_DIR: storageDir });
  adminToken = (await registerAdmin(t)).sessionId;
  memberToken = (await registerMember(t)).sessionId;
});
afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();
const patch = (id: string, body: unknown, token = adminToken) => t.request('PATCH', `/api/admin/news/${id}`, { token, body });
const remove = (id: string, token = adminToken) => t.request('DELETE', `/api/admin/news/${id}`, { token });
const feedPost = async (id: string, token = memberToken) =>
  (await t.request('GET', '/api/news?limit=100', { token })).body.posts.find((p: { id: string }) => p.id === id);

/** The browser's upload flow: sign, PUT a small PNG, finalize; answers the object path. */
async function uploadImage(): Promise<string> {
  const signed = await t.request<{ uploadURL: string; headers: Record<string, string> }>('POST', '/api/admin/upload/sign', {
    token: adminToken,
    body: { contentType: 'image/png' },
  });
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);
  const put = await fetch(new URL(signed.body.uploadURL, t.baseUrl), {
    method: 'PUT',
    headers: signed.body.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  const mediaURL = new URL(signed.body.uploadURL, t.baseUrl).href.split('?')[0]!;
  const done = await t.request('POST', '/api/admin/upload/finalize', {
    token: adminToken,
    body: { mediaURL, contentType: 'image/png' },
  });
  expect(done.status).toBe(200);
  return done.body.objectPath as string;
}
const served = async (objectPath: string) => (await fetch(`${t.baseUrl}/media/${objectPath}`)).status;
const finalizedAt = async (key: string) =>
  (await t.sql.query('select finalized_at from media_uploads where key = $1', [key])).rows[0]?.finalized_at as
    Date | null | undefined;

describe('PATCH /api/admin/news/{id}', () => {
  it('changes only the fields sent, trimmed, and answers the post', async () => {
    const post = await createPost(t, adminToken, { title: 'Friday', contentType: 'event', featuredImageUrl: 'news/a.jpg' });
    const answer = await patch(post.id, { title: '  Friday Late Session  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...post, title: 'Friday Late Session', likedByMe: false });

    const again = await patch(post.id, { content: ' Doors at 7 PM. ', contentType: 'promotion' });
    expect(again.body).toMatchObject({
      title: 'Friday Late Session',
      content: 'Doors at 7 PM.',
      contentType: 'promotion',
      featuredImageUrl: 'news/a.jpg',
    });
    expect(await feedPost(post.id)).toMatchObject({
      title: 'Friday Late Session',
      content: 'Doors at 7 PM.',
      contentType: 'promotion',
    });
  });

  it.each([
    ['nothing to change', {}, ['body']],
    ['a blank title', { title: '  ' }, ['title']],
    ['a blank content', { content: '\n\t' }, ['content']],
    ['a null title', { title: null }, ['title']],
    ['an unknown content type', { contentType: 'blog' }, ['contentType']],
    ['a 201-character title', { title: 'x'.repeat(201) }, ['title']],
    ['a full URL as image', { featuredImageUrl: 'https://evil.example/x.jpg' }, ['featuredImageUrl']],
    ['a path escaping the store', { featuredImageUrl: '../../etc/passwd' }, ['featuredImageUrl']],
    [
      'an image that was never uploaded',
      { featuredImageUrl: 'news/00000000-0000-4000-8000-000000000000.png' },
      ['featuredImageUrl'],
    ],
  ])('answers 400 naming the field for %s, and changes nothing', async (_, body, fields) => {
    const post = await createPost(t, adminToken);
    const answer = await patch(post.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, statusCode: 400 });
    expect(issuePaths(answer.body)).toEqual(fields);
    expect(await feedPost(post.id)).toEqual({ ...post, likedByMe: false });
  });

  it('answers 400 naming the id for a malformed one and 404 for an unknown post', async () => {
    const malformed = await patch('not-a-uuid', { title: 'T' });
    expect(malformed.status).toBe(400);
    expect(issuePaths(malformed.body)).toEqual(['id']);
    const unknown = await patch(UNKNOWN_ID, { title: 'T' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No news post with this id');
  });

  it('is for administrators only', async () => {
    const post = await createPost(t, adminToken, { title: 'Untouched' });
    expect((await t.request('PATCH', `/api/admin/news/${post.id}`, { body: { title: 'T' } })).status).toBe(401);
    expect((await patch(post.id, { title: 'Hacked' }, memberToken)).status).toBe(403);
    expect((await feedPost(post.id)).title).toBe('Untouched');
  });

  it('replaces the image with a finalized upload and removes it; an image no post shows is no longer served', async () => {
    const first = await uploadImage();
    const second = await uploadImage();
    const post = await createPost(t, adminToken, { featuredImageUrl: first });
    expect(await served(first)).toBe(200);

    expect((await patch(post.id, { title: 'Same image' })).body.featuredImageUrl).toBe(first);
    expect((await patch(post.id, { featuredImageUrl: first })).body.featuredImageUrl).toBe(first);
    expect(await finalizedAt(first)).toEqual(expect.any(Date));

    const replaced = await patch(post.id, { featuredImageUrl: second });
    expect(replaced.status).toBe(200);
    expect(replaced.body.featuredImageUrl).toBe(second);
    // Back to pending: the stale-upload purge deletes the object and the row.
    expect(await finalizedAt(first)).toBeNull();
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);

    const removed = await patch(post.id, { featuredImageUrl: null });
    expect(removed.body.featuredImageUrl).toBeNull();
    expect(await finalizedAt(second)).toBeNull();
    expect((await feedPost(post.id)).featuredImageUrl).toBeNull();
  });

  it('keeps an image another post still shows', async () => {
    const image = await uploadImage();
    const one = await createPost(t, adminToken, { featuredImageUrl: image });
    await createPost(t, adminToken, { featuredImageUrl: image });
    expect((await patch(one.id, { featuredImageUrl: '' })).body.featuredImageUrl).toBeNull();
    expect(await finalizedAt(image)).toEqual(expect.any(Date));
    expect(await served(image)).toBe(200);
  });
});

describe('DELETE /api/admin/news/{id}', () => {
  it('deletes the post with its comments, likes and views; members keep the points their comments earned', async () => {
    const post = await createPost(t, adminToken, { title: 'Closing party' });
    const alice = await registerMember(t);
    const bob = await registerMember(t);
    const comment = async (token: string) =>
      (await t.request('POST', `/api/news/${post.id}/comments`, { token, body: { content: 'See you there' } })).body;
    const kept = await comment(alice.sessionId);
    const moderated = await comment(bob.sessionId);
    expect([kept.pointsAwarded, moderated.pointsAwarded]).toEqual([5, 5]);
    // Staff removed Bob's comment first: its reward is already reversed.
    expect((await t.request('DELETE', `/api/admin/comments/${moderated.id}`, { token: adminToken })).body.pointsReversed).toBe(5);
    await t.request('PUT', `/api/news/${post.id}/like`, { token: alice.sessionId });
    await t.request('GET', `/api/news/${post.id}/comments`, { token: alice.sessionId });
    const before = await Promise.all(
      [alice, bob].map(async (m) => (await t.request('GET', '/api/auth/me', { token: m.sessionId })).body),
    );

    const answer = await remove(post.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'News post deleted.', commentsRemoved: 1, pointsKept: 5 });

    for (const table of ['news_comments', 'news_likes', 'news_views']) {
      expect((await t.sql.query(`select count(*)::int as n from ${table} where post_id = $1`, [post.id])).rows[0].n).toBe(0);
    }
    const after = await Promise.all(
      [alice, bob].map(async (m) => (await t.request('GET', '/api/auth/me', { token: m.sessionId })).body),
    );
    expect(after.map((m) => [m.currentPoints, m.totalPoints, m.memberTier])).toEqual(
      before.map((m) => [m.currentPoints, m.totalPoints, m.memberTier]),
    );
    const history = (await t.request('GET', '/api/points/history', { token: alice.sessionId })).body;
    expect(history).toEqual(
      expect.arrayContaining([expect.objectContaining({ description: 'Commented on: Closing party', points: 5 })]),
    );
    await expectLedgerClean(t);

    expect(await feedPost(post.id)).toBeUndefined();
    expect((await t.request('GET', `/api/news/${post.id}/comments`, { token: memberToken })).status).toBe(404);
    expect(
      (await t.request('POST', `/api/news/${post.id}/comments`, { token: memberToken, body: { content: 'Late' } })).status,
    ).toBe(404);
    expect((await remove(post.id)).status).toBe(404);
  });

  it('hands its image back to the media cleanup', async () => {
    const image = await uploadImage();
    const post = await createPost(t, adminToken, { featuredImageUrl: image });
    expect((await remove(post.id)).status).toBe(200);
    expect(await finalizedAt(image)).toBeNull();
    expect(await served(image)).toBe(404);
  });

  it('answers 400 naming the id for a malformed one and 404 for an unknown post', async () => {
    const malformed = await remove('not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(issuePaths(malformed.body)).toEqual(['id']);
    expect((await remove(UNKNOWN_ID)).status).toBe(404);
  });

  it('is for administrators only', async () => {
    const post = await createPost(t, adminToken);
    expect((await t.request('DELETE', `/api/admin/news/${post.id}`)).status).toBe(401);
    expect((await remove(post.id, memberToken)).status).toBe(403);
    expect(await feedPost(post.id)).toBeDefined();
  });
});

describe("a member's conditional poll of the feed", () => {
  it('answers 200 with the edit, then without the deleted post, never a 304 that hides them', async () => {
    const post = await createPost(t, adminToken, { title: 'Before' });
    const poll = (etag?: string) =>
      t.request('GET', '/api/news?limit=100', { token: memberToken, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await poll();
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await poll(etag)).status).toBe(304);

    expect((await patch(post.id, { title: 'After' })).status).toBe(200);
    const edited = await poll(etag);
    expect(edited.status).toBe(200);
    expect(edited.body.posts.find((p: { id: string }) => p.id === post.id).title).toBe('After');
    const editedEtag = edited.headers.get('etag')!;
    expect(editedEtag).not.toBe(etag);

    expect((await remove(post.id)).status).toBe(200);
    const deleted = await poll(editedEtag);
    expect(deleted.status).toBe(200);
    expect(deleted.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
  });
});

describe('a member acting on a post while it is deleted', () => {
  it.each([
    [
      'comments on it',
      (id: string) => t.request('POST', `/api/news/${id}/comments`, { token: memberToken, body: { content: 'Just in time?' } }),
    ],
    ['likes it', (id: string) => t.request('PUT', `/api/news/${id}/like`, { token: memberToken })],
    ['opens its comments', (id: string) => t.request('GET', `/api/news/${id}/comments`, { token: memberToken })],
  ])('gets a 404 when the member %s as the delete commits', async (_, act) => {
    const post = await createPost(t, adminToken);
    // Another connection deletes the post and holds its commit: the member's command has already
    // found the post, and its insert waits on the deleted row's lock.
    const deleting = await t.sql.connect();
    try {
      await deleting.query('begin');
      await deleting.query('delete from news_posts where id = $1', [post.id]);
      const acting = act(post.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deleting.query('commit');
      const answer = await acting;
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No news post with this id');
    } finally {
      deleting.release();
    }
    await expectLedgerClean(t);
  });
});
