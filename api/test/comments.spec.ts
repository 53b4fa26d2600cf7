import { clubNightBounds, COMMENTING_TOO_FAST } from '@nocturne/domain';
import { Redis } from 'ioredis';
import { createPost, expectLedgerClean, UNKNOWN_ID } from './support/news-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();
const comment = (postId: string, token: string, content: unknown) =>
  t.request('POST', `/api/news/${postId}/comments`, { token, body: { content } });
const me = async (token: string) =>
  (await t.request('GET', '/api/auth/me', { token })).body as { currentPoints: number; totalPoints: number; memberTier: string };
const rewardRows = async (memberId: string) =>
  (
    await t.sql.query("select count(*)::int as n from point_transactions where member_id = $1 and kind = 'comment_reward'", [
      memberId,
    ])
  ).rows[0].n as number;

describe('POST /api/news/{id}/comments', () => {
  it('posts a trimmed comment, credits 5 points in the same answer and records the event', async () => {
    const post = await createPost(t, adminToken, { title: 'Friday Late Session' });
    const member = await registerMember(t, { firstName: 'Zoë' });
    const answer = await comment(post.id, member.sessionId, '  Great night!  ');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      content: 'Great night!',
      createdAt: expect.stringMatching(/Z$/),
      author: { firstName: 'Zoë' },
      pointsAwarded: 5,
      currentPoints: 25,
      totalPoints: 25,
    });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 25, totalPoints: 25 });
    const history = (await t.request('GET', '/api/points/history', { token: member.sessionId })).body;
    expect(history[0]).toMatchObject({ description: 'Commented on: Friday Late Session', points: 5 });
    const events = await t.sql.query("select payload from outbox where type = 'CommentPosted' and aggregate_id = $1", [
      answer.body.id,
    ]);
    expect(events.rows).toEqual([
      {
        payload: {
          commentId: answer.body.id,
          memberId: member.user.id,
          postId: post.id,
          pointsAwarded: 5,
          postTitle: 'Friday Late Session',
          earning: { basePoints: 5, tierMultiplier: 100, promotionMultiplier: 100, promotionId: null },
        },
      },
    ]);
    const listed = (await t.request('GET', '/api/news?limit=100', { token: member.sessionId })).body.posts.find(
      (p: { id: string }) => p.id === post.id,
    );
    expect(listed.commentCount).toBe(1);
  });

  it('accepts exactly 2,000 characters', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const answer = await comment(post.id, member.sessionId, 'é'.repeat(2000));
    expect(answer.status).toBe(201);
    expect(answer.body.content).toHaveLength(2000);
  });

  it.each([
    ['blank content', '   \n\t ', 'content'],
    ['2,001 characters', 'x'.repeat(2001), 'content'],
    ['missing content', undefined, 'content'],
    ['content that is not text', 42, 'content'],
  ])('answers 400 naming the field for %s, and posts nothing', async (_, content, field) => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const answer = await comment(post.id, member.sessionId, content);
    expect(answer.status).toBe(400);
    expect(issuePaths(answer.body)).toEqual([field]);
    expect((await t.sql.query('select count(*)::int as n from news_comments where post_id = $1', [post.id])).rows[0].n).toBe(0);
  });

  it('answers 404 for an unknown post and 400 naming the id for a malformed one', async () => {
    const member = await registerMember(t);
    const unknown = await comment(UNKNOWN_ID, member.sessionId, 'Hello');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, message: 'No news post with this id' });
    const malformed = await comment('42', member.sessionId, 'Hello');
    expect(malformed.status).toBe(400);
    expect(issuePaths(malformed.body)).toEqual(['id']);
    expect((await t.request('GET', '/api/news/42/comments', { token: member.sessionId })).status).toBe(400);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 20 });
  });

  it('needs a signed-in member', async () => {
    const post = await createPost(t, adminToken);
    expect((await t.request('POST', `/api/news/${post.id}/comments`, { body: { content: 'Hi' } })).status).toBe(401);
    expect((await t.request('GET', `/api/news/${post.id}/comments`)).status).toBe(401);
  });

  it('rewards at most 10 comments a club night, then posts for 0 points', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const awarded: number[] = [];
    for (let i = 0; i < 12; i += 1) awarded.push((await comment(post.id, member.sessionId, `Comment ${i}`)).body.pointsAwarded);
    expect(awarded).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 0]);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 70, totalPoints: 70 });
  }, 60_000);

  it('frees a reward slot when moderation removes a rewarded comment (PRODUCT.md §9)', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const rewards = async () => (await t.request('GET', '/api/news/comment-rewards', { token: member.sessionId })).body;
    expect(await rewards()).toEqual({ pointsPerComment: 5, leftTonight: 10 });
    const posted: { id: string; pointsAwarded: number }[] = [];
    for (let i = 0; i < 10; i += 1) posted.push((await comment(post.id, member.sessionId, `Comment ${i}`)).body);
    expect(posted.map((p) => p.pointsAwarded)).toEqual(Array(10).fill(5));
    expect(await rewards()).toEqual({ pointsPerComment: 5, leftTonight: 0 });
    const removed = await t.request('DELETE', `/api/admin/comments/${posted[3]!.id}`, { token: adminToken });
    expect(removed.body).toMatchObject({ pointsReversed: 5 });
    // The web's "+5 pts" follows this answer: the slot is back.
    expect(await rewards()).toEqual({ pointsPerComment: 5, leftTonight: 1 });
    expect((await comment(post.id, member.sessionId, 'After the removal')).body.pointsAwarded).toBe(5);
    expect((await comment(post.id, member.sessionId, 'Over the cap again')).body.pointsAwarded).toBe(0);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 70, totalPoints: 70 });
    await expectLedgerClean(t);
  }, 60_000);

  it("does not count last night's rewards against tonight's limit", async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    // Ten rewards stamped one minute before tonight began: rows may be appended, never changed.
    const lastNight = new Date(clubNightBounds(new Date(), t.config.VENUE_TZ).start.getTime() - 60_000);
    for (let i = 0; i < 10; i += 1) {
      await t.sql.query(
        `insert into point_transactions (member_id, points, kind, description, source_type, source_id, created_at)
           values ($1, 5, 'comment_reward', 'Commented on: earlier', 'news_comment', $2, $3)`,
        [member.user.id, `earlier-${i}`, lastNight],
      );
    }
    await t.sql.query('update members set current_points = current_points + 50, total_points = total_points + 50 where id = $1', [
      member.user.id,
    ]);
    expect((await comment(post.id, member.sessionId, 'A new night')).body).toMatchObject({ pointsAwarded: 5, currentPoints: 75 });
    await expectLedgerClean(t);
  });

  // 20 is the most one member may post in 10 minutes (the comment limit, tested below).
  it('gives exactly 10 rewards for 20 parallel comments by one member on one post', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => comment(post.id, member.sessionId, `Parallel ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.filter((a) => a.body.pointsAwarded === 5)).toHaveLength(10);
    expect(answers.filter((a) => a.body.pointsAwarded === 0)).toHaveLength(10);
    expect(await rewardRows(member.user.id)).toBe(10);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 70, totalPoints: 70 });
    const counts = await t.sql.query(
      'select p.comment_count, (select count(*)::int from news_comments c where c.post_id = p.id) as n from news_posts p where p.id = $1',
      [post.id],
    );
    expect(counts.rows[0]).toEqual({ comment_count: 20, n: 20 });
    await expectLedgerClean(t);
  }, 180_000);

  // Security review L2: one member posted 60 comments in half a second.
  it('takes 20 comments in 10 minutes from one member, then answers 429 with Retry-After and says why', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const other = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => comment(post.id, member.sessionId, `Burst ${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.body).toMatchObject({ success: false, statusCode: 429, message: COMMENTING_TOO_FAST });
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await t.sql.query('select count(*)::int as n from news_comments where post_id = $1', [post.id])).rows[0].n).toBe(20);
    // The limit is the member's own: someone else still comments.
    expect((await comment(post.id, other.sessionId, 'Still here')).status).toBe(201);
  }, 60_000);

  it('still counts after Redis forgets its scripts, as it does when it restarts', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    expect((await comment(post.id, member.sessionId, 'Before the restart')).status).toBe(201);
    const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
    try {
      await redis.script('FLUSH');
    } finally {
      redis.disconnect();
    }
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await comment(post.id, member.sessionId, `After ${i}`));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(19).fill(201), 429]);
    expect(Number(answers[19]!.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('keeps every balance right when many members comment on one post at once', async () => {
    const post = await createPost(t, adminToken);
    const members = await Promise.all(Array.from({ length: 10 }, () => registerMember(t)));
    const answers = await Promise.all(
      members.flatMap((m) => Array.from({ length: 12 }, (_, i) => comment(post.id, m.sessionId, `Crowd ${i}`))),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    for (const m of members) expect(await rewardRows(m.user.id)).toBe(10);
    expect((await t.sql.query('select comment_count from news_posts where id = $1', [post.id])).rows[0].comment_count).toBe(120);
    await expectLedgerClean(t);
  }, 180_000);
});

describe('GET /api/news/{id}/comments', () => {
  it('lists live comments oldest first with only the author first name', async () => {
    const post = await createPost(t, adminToken);
    const first = await registerMember(t, { firstName: 'Priya' });
    const second = await registerMember(t, { firstName: 'Mateo' });
    const a = (await comment(post.id, first.sessionId, 'First!')).body;
    const b = (await comment(post.id, second.sessionId, 'Second')).body;
    const answer = await t.request('GET', `/api/news/${post.id}/comments`, { token: second.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      comments: [
        { id: a.id, content: 'First!', createdAt: a.createdAt, author: { firstName: 'Priya' } },
        { id: b.id, content: 'Second', createdAt: b.createdAt, author: { firstName: 'Mateo' } },
      ],
      nextCursor: null,
    });
  });
});

describe('GET /api/news/{id}/comments, paged', () => {
  type Page = { comments: { id: string; content: string }[]; nextCursor: string | null };
  const page = (postId: string, token: string, query: Record<string, string>) =>
    t.request<Page>('GET', `/api/news/${postId}/comments?${new URLSearchParams(query)}`, { token });

  it('walks every comment exactly once, oldest first, while members keep commenting', async () => {
    const post = await createPost(t, adminToken);
    const reader = await registerMember(t);
    const writer = await registerMember(t);
    // 230 earlier comments, three to a microsecond-precise instant: pages must break ties by id.
    await t.sql.query(
      `insert into news_comments (post_id, author_id, content, created_at)
       select $1, $2, 'Seeded ' || i, timestamptz '2026-11-01 20:00:00.123456Z' + (i / 3) * interval '1 microsecond'
       from generate_series(1, 230) as i`,
      [post.id, reader.user.id],
    );
    await t.sql.query('update news_posts set comment_count = comment_count + 230 where id = $1', [post.id]);

    const seen: string[] = [];
    const posted: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = cursor ? { limit: '37', cursor } : { limit: '37' };
      // While the first pages are read, new comments arrive: they sort after every earlier one.
      const [answer] = await Promise.all([
        page(post.id, reader.sessionId, query),
        ...(pages < 3
          ? [0, 1].map(async (n) => {
              const made = await comment(post.id, writer.sessionId, `Live ${pages}.${n}`);
              expect(made.status).toBe(201);
              posted.push(made.body.id as string);
            })
          : []),
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.comments.length).toBeLessThanOrEqual(37);
      seen.push(...answer.body.comments.map((c) => c.id));
      cursor = answer.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);

    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    const all = await t.sql.query<{ id: string }>(
      'select id from news_comments where post_id = $1 and deleted_at is null order by created_at, id',
      [post.id],
    );
    expect(all.rows).toHaveLength(236);
    expect(seen).toEqual(all.rows.map((row) => row.id));
    expect(seen.slice(-6).sort()).toEqual([...posted].sort());
  }, 120_000);

  it('answers 50 by default, refuses more than 100 with a 400 naming limit, and refuses a forged cursor', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    await t.sql.query(
      `insert into news_comments (post_id, author_id, content)
       select $1, $2, 'Seeded ' || i from generate_series(1, 120) as i`,
      [post.id, member.user.id],
    );
    const first = await page(post.id, member.sessionId, {});
    expect(first.status).toBe(200);
    expect(first.body.comments).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect((await page(post.id, member.sessionId, { limit: '100' })).body.comments).toHaveLength(100);

    for (const limit of ['100000', '101', '0', 'all']) {
      const refused = await page(post.id, member.sessionId, { limit });
      expect({ limit, status: refused.status }).toEqual({ limit, status: 400 });
      expect(issuePaths(refused.body as never)).toEqual(['limit']);
    }
    expect((await page(post.id, member.sessionId, { limit: '100000' })).body).toMatchObject({
      issues: [{ path: 'limit', message: 'must be between 1 and 100' }],
    });
    const forged = await page(post.id, member.sessionId, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ issues: [{ path: 'cursor', message: 'is not a cursor from a previous page' }] });
  });
});

describe('DELETE /api/admin/comments/{id}', () => {
  it('removes the comment, reverses its points and lowers the count', async () => {
    const post = await createPost(t, adminToken, { title: 'Midweek special' });
    const member = await registerMember(t);
    const posted = (await comment(post.id, member.sessionId, 'Spam spam spam')).body;
    const answer = await t.request('DELETE', `/api/admin/comments/${posted.id}`, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Comment removed.', pointsReversed: 5 });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 20, totalPoints: 20 });
    expect((await t.request('GET', `/api/news/${post.id}/comments`, { token: member.sessionId })).body).toEqual({
      comments: [],
      nextCursor: null,
    });
    expect((await t.sql.query('select comment_count from news_posts where id = $1', [post.id])).rows[0].comment_count).toBe(0);
    const history = (await t.request('GET', '/api/points/history', { token: member.sessionId })).body;
    expect(history[0]).toMatchObject({ description: 'Comment removed by staff: Midweek special', points: -5 });

    const again = await t.request('DELETE', `/api/admin/comments/${posted.id}`, { token: adminToken });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, pointsReversed: 0 });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 20 });
    await expectLedgerClean(t);
  });

  it('reverses once when admins delete the same comment in parallel', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const posted = (await comment(post.id, member.sessionId, 'Twice removed')).body;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.request('DELETE', `/api/admin/comments/${posted.id}`, { token: adminToken })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.pointsReversed).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 5]);
    expect((await t.sql.query('select comment_count from news_posts where id = $1', [post.id])).rows[0].comment_count).toBe(0);
    await expectLedgerClean(t);
  }, 120_000);

  it('reverses nothing for a comment that earned nothing', async () => {
    const post = await createPost(t, adminToken);
    const member = await registerMember(t);
    const posted: { id: string; pointsAwarded: number }[] = [];
    for (let i = 0; i < 11; i += 1) posted.push((await comment(post.id, member.sessionId, `Note ${i}`)).body);
    expect(posted[10]!.pointsAwarded).toBe(0);
    const answer = await t.request('DELETE', `/api/admin/comments/${posted[10]!.id}`, { token: adminToken });
    expect(answer.body).toMatchObject({ success: true, pointsReversed: 0 });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 70 });
    await expectLedgerClean(t);
  }, 60_000);

  it('answers 404 for an unknown comment, 400 for a malformed id, and is for administrators only', async () => {
    const member = await registerMember(t);
    expect((await t.request('DELETE', `/api/admin/comments/${UNKNOWN_ID}`, { token: adminToken })).status).toBe(404);
    const malformed = await t.request('DELETE', '/api/admin/comments/nope', { token: adminToken });
    expect(malformed.status).toBe(400);
    expect(issuePaths(malformed.body)).toEqual(['id']);
    expect((await t.request('DELETE', `/api/admin/comments/${UNKNOWN_ID}`, { token: member.sessionId })).status).toBe(403);
    expect((await t.request('DELETE', `/api/admin/comments/${UNKNOWN_ID}`)).status).toBe(401);
  });
});
