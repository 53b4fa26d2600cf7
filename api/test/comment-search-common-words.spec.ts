import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { CommentTextSample } from '../src/modules/news/comment-text-sample.service.js';
import { createPost } from './support/news-fixtures.js';

// A staff search holding a word most comments hold ("floor", on a venue's wall of "See you on the
// floor"): the comment text's trigram index is searched with the rarer words only, judged from
// PostgreSQL's own sample of the text after ANALYZE, and the whole phrase is checked on what it
// finds. The answer is the phrase's, whatever the index was asked.

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let post: Awaited<ReturnType<typeof createPost>>;
const WALL = 3000;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  post = await createPost(t, admin.sessionId, { title: 'The wall' });
  const member = await registerMember(t);
  // Three thousand comments, the newest first by number, all on the floor.
  await t.sql.query(
    `insert into news_comments (post_id, author_id, content, created_at)
     select $1, $2, 'See you on the floor #' || g, now() - interval '1 day' - g * interval '1 second'
       from generate_series(1, $3::int) g`,
    [post.id, member.user.id, WALL],
  );
  await t.sql.query('analyze news_comments');
});
afterAll(async () => {
  await t.close();
});

const comment = async (content: string) => {
  const member = await registerMember(t);
  const answer = await t.request('POST', `/api/news/${post.id}/comments`, { token: member.sessionId, body: { content } });
  expect(answer.status).toBe(201);
};
const search = async (q: string, limit = 20) => {
  const answer = await t.request<{ comments: { id: string; content: string }[] }>(
    'GET',
    `/api/admin/comments?${new URLSearchParams({ q, limit: String(limit) })}`,
    { token: admin.sessionId },
  );
  expect(answer.status).toBe(200);
  return answer.body.comments.map((c) => c.content);
};

describe('comment moderation search with a common word', () => {
  it("judges the word common from PostgreSQL's sample and searches the index with the rare one", async () => {
    const sample = t.app.get(CommentTextSample);
    expect(await sample.indexPatternFor('floor #1234')).toBe('%#1234%');
    expect(await sample.indexPatternFor('lost scarf')).toBeNull();
  });

  it('answers the whole phrase: any case, newest first, not its words apart or in another order', async () => {
    await comment('SEE YOU ON THE FLOOR #1234!!');
    await comment('#1234 was our table, nowhere near the floor');
    const found = await search('floor #1234');
    expect(found).toEqual(['SEE YOU ON THE FLOOR #1234!!', 'See you on the floor #1234']);
    // A phrase holding none of the rare text finds nothing, and the common word alone still pages.
    expect(await search('floor #99999')).toEqual([]);
    expect(await search('floor', 5)).toHaveLength(5);
  });
});
