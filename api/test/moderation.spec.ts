import { randomUUID } from 'node:crypto';
import { createCoupon, registerAdmin, registerMember, runLedgerVerify, startTestApp, type TestApp } from '@nocturne/testing';
import { ResourceVersions } from '../src/infrastructure/versions/resource-versions.js';
import { createPost, expectLedgerClean, UNKNOWN_ID } from './support/news-fixtures.js';

// Staff moderate comments. GET /api/admin/comments lists every post's comments
// newest first (filters, search, removed ones with who and when); removing a rewarded comment
// reverses its points in the removal's own transaction ("Comment removed by staff"), and balance,
// total earned and tier follow.

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

// 40-point rewards (silver at 100) and 3 rewarded comments a night, so tiers and the nightly limit are quick to reach.
beforeAll(async () => {
  t = await startTestApp({ POINTS_PER_COMMENT: '40', POINTS_WELCOME_BONUS: '20', COMMENT_REWARDS_PER_NIGHT: '3' });
  await t.app.get(ResourceVersions).whenReady();
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type Listed = {
  id: string;
  content: string;
  createdAt: string;
  post: { id: string; title: string };
  author: { id: string; name: string; email: string; currentPoints: number };
  pointsAwarded: number;
  removed: null | { at: string; by: { id: string; name: string } | null; pointsReversed: number };
};

const comment = async (postId: string, token: string, content: string) => {
  const answer = await t.request('POST', `/api/news/${postId}/comments`, { token, body: { content } });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; createdAt: string; pointsAwarded: number };
};
const list = (query: Record<string, string>, token = admin.sessionId) =>
  t.request<{ comments: Listed[]; nextCursor: string | null }>('GET', `/api/admin/comments?${new URLSearchParams(query)}`, {
    token,
  });
const ids = async (query: Record<string, string>) => {
  const answer = await list(query);
  expect(answer.status).toBe(200);
  return answer.body.comments.map((c) => c.id);
};
const remove = (commentId: string) => t.request('DELETE', `/api/admin/comments/${commentId}`, { token: admin.sessionId });
const me = async (token: string) =>
  (await t.request('GET', '/api/auth/me', { token })).body as { currentPoints: number; totalPoints: number; memberTier: string };
const history = async (token: string) =>
  (await t.request('GET', '/api/points/history', { token })).body as { description: string; points: number }[];
const reversalRows = async (memberId: string) =>
  (await t.sql.query("select points, description from point_transactions where member_id = $1 and kind = 'reversal'", [memberId]))
    .rows;

describe('GET /api/admin/comments', () => {
  it('lists every comment newest first with its post, author and reward, page by page', async () => {
    const post = await createPost(t, admin.sessionId, { title: 'Jazz Thursdays' });
    const member = await registerMember(t, { firstName: 'Priya', lastName: 'Shah' });
    const first = await comment(post.id, member.sessionId, 'First!');
    const second = await comment(post.id, member.sessionId, 'Second');
    const third = await comment(post.id, member.sessionId, 'Third');

    const answer = await list({ postId: post.id });
    expect(answer.status).toBe(200);
    expect(answer.body.nextCursor).toBeNull();
    expect(answer.body.comments.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(answer.body.comments[2]).toEqual({
      id: first.id,
      content: 'First!',
      createdAt: first.createdAt,
      post: { id: post.id, title: 'Jazz Thursdays' },
      // 20 + 40 + 40, and the third at Silver (reached at 100 points earned, ×1.1): 44.
      author: { id: member.user.id, name: 'Priya Shah', email: member.email, currentPoints: 144 },
      pointsAwarded: 40,
      removed: null,
    });

    const page1 = await list({ postId: post.id, limit: '2' });
    expect(page1.body.comments.map((c) => c.id)).toEqual([third.id, second.id]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await list({ postId: post.id, limit: '2', cursor: page1.body.nextCursor! });
    expect(page2.body.comments.map((c) => c.id)).toEqual([first.id]);
    expect(page2.body.nextCursor).toBeNull();

    // Across posts too: the newest comment anywhere comes first.
    const other = await createPost(t, admin.sessionId);
    const newest = await comment(other.id, member.sessionId, 'Elsewhere');
    expect((await ids({ limit: '1' }))[0]).toBe(newest.id);
  });

  it('filters by post, by member and by status, and shows who removed a comment and when', async () => {
    const [postA, postB] = [await createPost(t, admin.sessionId), await createPost(t, admin.sessionId)];
    const [ana, ben] = [await registerMember(t, { firstName: 'Ana' }), await registerMember(t, { firstName: 'Ben' })];
    const anaOnA = await comment(postA.id, ana.sessionId, 'Ana on A');
    const benOnA = await comment(postA.id, ben.sessionId, 'Ben on A');
    const anaOnB = await comment(postB.id, ana.sessionId, 'Ana on B');

    expect(await ids({ postId: postA.id })).toEqual([benOnA.id, anaOnA.id]);
    expect(await ids({ memberId: ana.user.id })).toEqual([anaOnB.id, anaOnA.id]);
    expect(await ids({ memberId: ana.user.id, postId: postB.id })).toEqual([anaOnB.id]);
    expect(await ids({ memberId: UNKNOWN_ID })).toEqual([]);

    expect((await remove(anaOnA.id)).status).toBe(200);
    expect(await ids({ postId: postA.id })).toEqual([benOnA.id]);
    expect(await ids({ postId: postA.id, status: 'visible' })).toEqual([benOnA.id]);
    expect(await ids({ postId: postA.id, status: 'all' })).toEqual([benOnA.id, anaOnA.id]);
    const removed = (await list({ postId: postA.id, status: 'removed' })).body.comments;
    expect(removed).toEqual([
      expect.objectContaining({
        id: anaOnA.id,
        content: 'Ana on A',
        pointsAwarded: 40,
        removed: { at: expect.stringMatching(/Z$/), by: { id: admin.user.id, name: 'Alex Reyes' }, pointsReversed: 40 },
      }),
    ]);
    expect(Date.parse(removed[0]!.removed!.at)).toBeGreaterThanOrEqual(Date.parse(anaOnA.createdAt));
  });

  it('searches the text, the author name and e-mail, taking % and _ literally', async () => {
    const post = await createPost(t, admin.sessionId);
    const tag = randomUUID().slice(0, 8);
    const author = await registerMember(t, { firstName: `Quinn${tag}`, lastName: 'Doe' });
    const other = await registerMember(t);
    const percent = await comment(post.id, other.sessionId, `${tag} 100% sure`);
    const plain = await comment(post.id, other.sessionId, `${tag} 1000 sure`);
    const underscore = await comment(post.id, author.sessionId, `${tag} a_b`);
    const letter = await comment(post.id, author.sessionId, `${tag} axb`);

    expect(await ids({ q: tag })).toEqual([letter.id, underscore.id, plain.id, percent.id]);
    expect(await ids({ q: `${tag} 100%` })).toEqual([percent.id]);
    expect(await ids({ q: `${tag} a_b` })).toEqual([underscore.id]);
    expect(await ids({ q: '%', postId: post.id })).toEqual([percent.id]);
    expect(await ids({ q: '_', postId: post.id })).toEqual([underscore.id]);
    // The author's full name, any case, and their e-mail.
    expect(await ids({ q: `quinn${tag} doe` })).toEqual([letter.id, underscore.id]);
    expect(await ids({ q: author.email.toUpperCase() })).toEqual([letter.id, underscore.id]);
    // Blank is no search.
    expect(await ids({ q: '   ', postId: post.id })).toHaveLength(4);
  });

  it('answers 400 naming bad filters, 401 without a session and 403 to a member', async () => {
    const member = await registerMember(t);
    const bad = await list({ postId: 'nope', memberId: '1', status: 'hidden', limit: '0', cursor: 'x' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual([
      'limit',
      'memberId',
      'postId',
      'status',
    ]);
    const cursor = await list({ cursor: 'not-a-cursor' });
    expect(cursor.status).toBe(400);
    expect((await list({ q: 'x'.repeat(201) })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/comments')).status).toBe(401);
    expect((await list({}, member.sessionId)).status).toBe(403);
  });

  it('answers a repeated poll with 304 until a comment is posted or removed', async () => {
    const post = await createPost(t, admin.sessionId);
    const member = await registerMember(t);
    const path = `/api/admin/comments?postId=${post.id}`;
    const get = (etag?: string) =>
      t.request('GET', path, { token: admin.sessionId, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await get();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect((await get(etag)).status).toBe(304);

    const posted = await comment(post.id, member.sessionId, 'Poll me');
    const afterPost = await get(etag);
    expect(afterPost.status).toBe(200);
    const etag2 = afterPost.headers.get('etag')!;
    await remove(posted.id);
    expect((await get(etag2)).status).toBe(200);
  });
});

describe('DELETE /api/admin/comments/{id}: the reward is reversed', () => {
  it('in the removal\'s own transaction, as "Comment removed by staff", and only once', async () => {
    const post = await createPost(t, admin.sessionId, { title: 'Salsa Night' });
    const member = await registerMember(t);
    const posted = await comment(post.id, member.sessionId, 'Buy cheap watches');
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 60, totalPoints: 60 });

    const answer = await remove(posted.id);
    expect(answer.body).toEqual({ success: true, message: 'Comment removed.', pointsReversed: 40 });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 20, totalPoints: 20, memberTier: 'bronze' });
    expect((await history(member.sessionId))[0]).toMatchObject({
      description: 'Comment removed by staff: Salsa Night',
      points: -40,
    });
    // One transaction wrote both: the same transaction id (xmin) on the comment and the ledger row.
    const tx = await t.sql.query(
      `select c.xmin::text as comment_tx, r.xmin::text as ledger_tx, c.deleted_at = r.created_at as same_instant
         from news_comments c join point_transactions r on r.member_id = c.author_id and r.kind = 'reversal'
        where c.id = $1`,
      [posted.id],
    );
    expect(tx.rows).toEqual([{ comment_tx: tx.rows[0].ledger_tx, ledger_tx: expect.any(String), same_instant: true }]);

    const again = await remove(posted.id);
    expect(again.body).toEqual({ success: true, message: 'This comment was already removed.', pointsReversed: 0 });
    expect(await reversalRows(member.user.id)).toHaveLength(1);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 20, totalPoints: 20 });
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match their point transactions\./m);
  });

  it('drops the tier with total earned when the reward put the member there', async () => {
    const post = await createPost(t, admin.sessionId);
    const member = await registerMember(t);
    await comment(post.id, member.sessionId, 'One');
    const second = await comment(post.id, member.sessionId, 'Two');
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 100, totalPoints: 100, memberTier: 'silver' });
    await remove(second.id);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 60, totalPoints: 60, memberTier: 'bronze' });
    await expectLedgerClean(t);
  });

  it('never takes a balance below zero: points already spent are forgiven, total earned and tier still follow', async () => {
    const post = await createPost(t, admin.sessionId, { title: 'Cabaret' });
    const member = await registerMember(t);
    await comment(post.id, member.sessionId, 'One');
    const second = await comment(post.id, member.sessionId, 'Two');
    const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 90 });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId })).status).toBe(201);
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 10, totalPoints: 100, memberTier: 'silver' });

    const listed = (await list({ memberId: member.user.id })).body.comments.find((c) => c.id === second.id)!;
    expect(listed).toMatchObject({ pointsAwarded: 40, author: { currentPoints: 10 } });

    expect((await remove(second.id)).body).toMatchObject({ pointsReversed: 10 });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 0, totalPoints: 60, memberTier: 'bronze' });
    expect((await history(member.sessionId))[0]).toMatchObject({
      description: 'Comment removed by staff: Cabaret (30 points already spent)',
      points: -10,
    });
    expect((await list({ memberId: member.user.id, status: 'removed' })).body.comments[0]).toMatchObject({
      id: second.id,
      pointsAwarded: 40,
      removed: { pointsReversed: 10 },
    });
    await expectLedgerClean(t);
  });

  it('writes a 0-point row when the whole reward was spent, so total earned still drops', async () => {
    const post = await createPost(t, admin.sessionId, { title: 'Burlesque' });
    const member = await registerMember(t);
    const posted = await comment(post.id, member.sessionId, 'Spent it all');
    const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 60 });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId })).status).toBe(201);
    expect((await remove(posted.id)).body).toMatchObject({ pointsReversed: 0 });
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 0, totalPoints: 20 });
    expect(await reversalRows(member.user.id)).toEqual([
      { points: 0, description: 'Comment removed by staff: Burlesque (40 points already spent)' },
    ]);
    await expectLedgerClean(t);
  });

  it('writes no ledger row for a comment that earned nothing', async () => {
    const post = await createPost(t, admin.sessionId);
    const member = await registerMember(t);
    for (const text of ['One', 'Two', 'Three']) await comment(post.id, member.sessionId, text);
    const unpaid = await comment(post.id, member.sessionId, 'Past the nightly limit');
    expect(unpaid.pointsAwarded).toBe(0);
    expect((await list({ memberId: member.user.id })).body.comments[0]).toMatchObject({ id: unpaid.id, pointsAwarded: 0 });
    expect((await remove(unpaid.id)).body).toMatchObject({ success: true, pointsReversed: 0 });
    expect(await reversalRows(member.user.id)).toEqual([]);
    // 20 + 40 + 40, and the third at Silver (×1.1): 44.
    expect(await me(member.sessionId)).toMatchObject({ currentPoints: 144, totalPoints: 144 });
    await expectLedgerClean(t);
  });
});
