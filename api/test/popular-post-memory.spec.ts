import { type BuiltApi, startBuiltApi } from '@nocturne/testing';
import pg from 'pg';

// Twenty members opening a post with 80,000 comments ran the api out of its 192 MB heap
// ("JavaScript heap out of memory"), the whole list answered at once (12 MB each). The built api
// runs here as `npm run start:api` starts it, with its heap flags, and twenty clients open that
// post at once and read on: it stays up and its resident memory under the 300 MB budget.
const COMMENTS = 80_000;
const CLIENTS = 20;
const RSS_BUDGET_MB = 300;

let built: BuiltApi;

beforeAll(async () => {
  built = await startBuiltApi('popular_post');
}, 90_000);
afterAll(() => built?.stop(), 120_000);

describe('a post with 80,000 comments', () => {
  it('twenty members open it at once and read on: the api stays up, under 300 MB RSS', async () => {
    const { token, memberId } = await built.adminSession();
    const post = await built.call('POST', '/api/admin/news', token, { title: 'The big night', content: 'Tell us about it.' });
    expect(post.status).toBe(201);
    const sql = new pg.Client({ connectionString: built.db.url });
    await sql.connect();
    try {
      await sql.query(
        `insert into news_comments (post_id, author_id, content, created_at)
         select $1, $2, 'Best night of the year, the second room was unreal and the queue moved fast. #' || i,
                now() - (${COMMENTS} - i) * interval '1 second'
         from generate_series(1, ${COMMENTS}) as i`,
        [post.body.id, memberId],
      );
      await sql.query('update news_posts set comment_count = $2 where id = $1', [post.body.id, COMMENTS]);
      await sql.query('analyze news_comments');
    } finally {
      await sql.end();
    }

    const statuses: number[] = [];
    let largest = 0;
    const { peakMb: peak } = await built.peakRssDuring(async () => {
      // Each client opens the post, reads five more pages, then opens it again: 3 rounds.
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let round = 0; round < 3; round += 1) {
            let cursor: string | null = null;
            for (let page = 0; page < 6; page += 1) {
              const query = cursor ? `?limit=100&cursor=${cursor}` : '?limit=100';
              const answer = await built.call('GET', `/api/news/${post.body.id}/comments${query}`, token);
              statuses.push(answer.status);
              largest = Math.max(largest, answer.bytes);
              cursor = answer.body?.nextCursor ?? null;
              if (!cursor) break;
            }
          }
        }),
      );
      // Asking for everything at once is refused, not served.
      const greedy = await built.call('GET', `/api/news/${post.body.id}/comments?limit=100000`, token);
      expect(greedy.status).toBe(400);
    });

    expect(built.api.child.exitCode).toBeNull();
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(statuses).toHaveLength(CLIENTS * 3 * 6);
    // A page of 100 comments, not 80,000.
    expect(largest).toBeLessThan(50_000);
    expect(peak).toBeLessThan(RSS_BUDGET_MB);
    expect((await built.call('GET', '/health/live')).status).toBe(200);
    process.stdout.write(
      `popular post: peak RSS ${peak.toFixed(0)} MB over ${statuses.length} pages, largest answer ${largest} bytes\n`,
    );
  }, 180_000);
});
