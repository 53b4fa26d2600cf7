import { createPost, expectLedgerClean, UNKNOWN_ID } from './support/news-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
  memberToken = (await registerMember(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();
const postRow = async (id: string) =>
  (await t.sql.query('select view_count, like_count, comment_count from news_posts where id = $1', [id])).rows[0] as {
    view_count: number;
    like_count: number;
    comment_count: number;
  };

describe('POST /api/admin/news', () => {
  it('publishes a trimmed post, announcement by default, and answers it', async () => {
    const answer = await t.request('POST', '/api/admin/news', {
      token: adminToken,
      body: {
        title: '  Friday Late Session  ',
        content: ' Doors at 7 PM. ',
        featuredImageUrl: 'news/0b6f1a52-3c1e-4a8e-9d2f-5f2d7c1e9a10.jpg',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      title: 'Friday Late Session',
      content: 'Doors at 7 PM.',
      contentType: 'announcement',
      featuredImageUrl: 'news/0b6f1a52-3c1e-4a8e-9d2f-5f2d7c1e9a10.jpg',
      createdAt: expect.stringMatching(/Z$/),
      viewCount: 0,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
    });
  });

  it.each(['event', 'exclusive_content', 'promotion'])('accepts content type %s and no image', async (contentType) => {
    const answer = await t.request('POST', '/api/admin/news', {
      token: adminToken,
      body: { title: 'T', content: 'C', contentType, featuredImageUrl: '' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ contentType, featuredImageUrl: null });
  });

  it.each([
    ['blank title and content', { title: '   ', content: '\n\t' }, ['content', 'title']],
    ['missing fields', {}, ['content', 'title']],
    ['an unknown content type', { title: 'T', content: 'C', contentType: 'blog' }, ['contentType']],
    ['a full URL as image', { title: 'T', content: 'C', featuredImageUrl: 'https://evil.example/x.jpg' }, ['featuredImageUrl']],
    ['a path escaping the store', { title: 'T', content: 'C', featuredImageUrl: '../../etc/passwd' }, ['featuredImageUrl']],
    ['a 201-character title', { title: 'x'.repeat(201), content: 'C' }, ['title']],
  ])('answers 400 naming the field for %s', async (_, body, fields) => {
    const answer = await t.request('POST', '/api/admin/news', { token: adminToken, body });
    expect(answer.status).toBe(400);
    expect(issuePaths(answer.body)).toEqual(fields);
  });

  it('is for administrators only', async () => {
    const body = { title: 'T', content: 'C' };
    expect((await t.request('POST', '/api/admin/news', { body })).status).toBe(401);
    expect((await t.request('POST', '/api/admin/news', { token: memberToken, body })).status).toBe(403);
  });
});

describe('GET /api/news', () => {
  it('lists posts newest first with their counts, for members only', async () => {
    const older = await createPost(t, adminToken, { title: 'Older' });
    const newer = await createPost(t, adminToken, { title: 'Newer', contentType: 'promotion' });
    const answer = await t.request('GET', '/api/news', { token: memberToken });
    expect(answer.status).toBe(200);
    const ids = answer.body.posts.map((p: { id: string }) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(answer.body.posts[0]).toEqual({ ...newer, likedByMe: false });
    expect((await t.request('GET', '/api/news')).status).toBe(401);
  });

  it('pages with limit and cursor without repeating or skipping a post', async () => {
    for (let i = 0; i < 5; i += 1) await createPost(t, adminToken);
    const all = (await t.request('GET', '/api/news?limit=100', { token: memberToken })).body.posts.map(
      (p: { id: string }) => p.id,
    );
    expect(all.length).toBeGreaterThanOrEqual(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { posts: { id: string }[]; nextCursor: string | null } } = await t.request(
        'GET',
        `/api/news?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token: memberToken },
      );
      expect(page.status).toBe(200);
      expect(page.body.posts.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.posts.map((p) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('defaults to 20 posts a page, and treats an empty cursor as the first page', async () => {
    for (let i = 0; i < 14; i += 1) await createPost(t, adminToken);
    const answer = await t.request('GET', '/api/news', { token: memberToken });
    expect(answer.body.posts).toHaveLength(20);
    expect(answer.body.nextCursor).toEqual(expect.any(String));
    expect((await t.request('GET', '/api/news?cursor=', { token: memberToken })).body).toEqual(answer.body);
  });

  it.each([
    ['a made-up cursor', '?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['limit 0', '?limit=0', 'limit'],
    ['limit 101', '?limit=101', 'limit'],
    ['a non-numeric limit', '?limit=lots', 'limit'],
  ])('answers 400 naming the field for %s', async (_, query, field) => {
    const answer = await t.request('GET', `/api/news${query}`, { token: memberToken });
    expect(answer.status).toBe(400);
    expect(issuePaths(answer.body)).toEqual([field]);
  });
});

describe('PUT and DELETE /api/news/{id}/like', () => {
  it('likes and unlikes idempotently, answering the new count and likedByMe', async () => {
    const post = await createPost(t, adminToken);
    const other = (await registerMember(t)).sessionId;
    const like = (token: string) => t.request('PUT', `/api/news/${post.id}/like`, { token });
    const unlike = (token: string) => t.request('DELETE', `/api/news/${post.id}/like`, { token });

    expect((await like(memberToken)).body).toEqual({ postId: post.id, likeCount: 1, likedByMe: true });
    expect((await like(memberToken)).body).toEqual({ postId: post.id, likeCount: 1, likedByMe: true });
    expect((await like(other)).body).toEqual({ postId: post.id, likeCount: 2, likedByMe: true });
    expect((await unlike(memberToken)).body).toEqual({ postId: post.id, likeCount: 1, likedByMe: false });
    expect((await unlike(memberToken)).body).toEqual({ postId: post.id, likeCount: 1, likedByMe: false });

    const feed = async (token: string) =>
      (await t.request('GET', '/api/news?limit=100', { token })).body.posts.find((p: { id: string }) => p.id === post.id);
    expect(await feed(memberToken)).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(await feed(other)).toMatchObject({ likeCount: 1, likedByMe: true });
  });

  it('keeps the count equal to the likes under parallel likes and unlikes', async () => {
    const post = await createPost(t, adminToken);
    const members = await Promise.all(Array.from({ length: 20 }, () => registerMember(t)));
    const answers = await Promise.all(
      members.flatMap(({ sessionId }, i) => [
        t.request('PUT', `/api/news/${post.id}/like`, { token: sessionId }),
        t.request('PUT', `/api/news/${post.id}/like`, { token: sessionId }),
        t.request(i % 2 ? 'DELETE' : 'PUT', `/api/news/${post.id}/like`, { token: sessionId }),
      ]),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const likes = await t.sql.query('select count(*)::int as n from news_likes where post_id = $1', [post.id]);
    expect((await postRow(post.id)).like_count).toBe(likes.rows[0].n);
    await expectLedgerClean(t);
  }, 180_000);

  it('answers 404 for an unknown post and 400 naming the id for a malformed one', async () => {
    const unknown = await t.request('PUT', `/api/news/${UNKNOWN_ID}/like`, { token: memberToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No news post with this id');
    const malformed = await t.request('DELETE', '/api/news/not-a-uuid/like', { token: memberToken });
    expect(malformed.status).toBe(400);
    expect(issuePaths(malformed.body)).toEqual(['id']);
  });
});

describe('views', () => {
  it('counts opening the comments once per member per post', async () => {
    const post = await createPost(t, adminToken);
    const other = (await registerMember(t)).sessionId;
    for (let i = 0; i < 3; i += 1)
      expect((await t.request('GET', `/api/news/${post.id}/comments`, { token: memberToken })).status).toBe(200);
    expect((await postRow(post.id)).view_count).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => t.request('GET', `/api/news/${post.id}/comments`, { token: other })));
    expect((await postRow(post.id)).view_count).toBe(2);
    const listed = (await t.request('GET', '/api/news?limit=100', { token: memberToken })).body.posts.find(
      (p: { id: string }) => p.id === post.id,
    );
    expect(listed.viewCount).toBe(2);
  }, 120_000);

  it('counts nothing for an unknown post', async () => {
    expect((await t.request('GET', `/api/news/${UNKNOWN_ID}/comments`, { token: memberToken })).status).toBe(404);
    expect((await t.sql.query('select count(*)::int as n from news_views where post_id = $1', [UNKNOWN_ID])).rows[0].n).toBe(0);
  });
});
