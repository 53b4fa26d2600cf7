import { type BuiltApi, startBuiltApi } from '@nocturne/testing';
import pg from 'pg';

// A five-year regular's data export (60,000 ledger rows, 2,000 claims, a comment a week: a 12 MB
// document) asked by twenty clients at once. The built api runs as `npm run start:api` starts it,
// with its heap flags, and with its download limits raised to twenty so that all of them stream
// together: it stays up and under the 300 MB budget, and a download sends its opening before it
// reads the member's history.
const LEDGER_ROWS = 60_000;
const CLAIMS = 2_000;
const COMMENTS = 260;
const CLIENTS = 20;
const RSS_BUDGET_MB = 300;
const FIRST_BYTE_MS = 200;

let built: BuiltApi;

beforeAll(async () => {
  built = await startBuiltApi('export_memory', {
    env: { EXPORTS_PER_MEMBER: String(CLIENTS), EXPORTS_AT_ONCE: String(CLIENTS) },
  });
}, 90_000);
afterAll(() => built?.stop(), 120_000);

/**
 * One download read to its end without keeping or parsing it (twenty 12 MB documents would weigh
 * on the test process, which shares the machine with the api, not on the api): its status, when
 * its first and last bytes came, and its size.
 */
async function download(token: string) {
  const started = performance.now();
  const answer = await fetch(`${built.baseUrl}/api/auth/me/export`, { headers: { authorization: `Bearer ${token}` } });
  let firstByteMs = Number.NaN;
  let bytes = 0;
  for await (const chunk of answer.body! as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    bytes += chunk.length;
  }
  return { status: answer.status, firstByteMs, lastByteMs: performance.now() - started, bytes };
}

describe("a five-year regular's data export", () => {
  it('twenty downloads at once: each whole, all streaming together, the api under 300 MB RSS; alone, the first byte within 200 ms', async () => {
    const { token, memberId } = await built.adminSession();
    const sql = new pg.Client({ connectionString: built.db.url });
    await sql.connect();
    try {
      await sql.query(
        `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
         select $1, 20, 20, 'adjustment', 'Visit on a Friday night, welcome back', 'seed', 'seed-' || i, now() - i * interval '43 minutes'
         from generate_series(1, ${LEDGER_ROWS}) i`,
        [memberId],
      );
      const coupon = await sql.query(
        `insert into coupons (code, title, description, type) values ('REGULAR', 'Free entry before 11', 'For regulars', 'free_drink') returning id`,
      );
      await sql.query(
        `insert into user_coupons (member_id, coupon_id, claimed_at) select $1, $2, now() - i * interval '20 hours'
         from generate_series(1, ${CLAIMS}) i`,
        [memberId, coupon.rows[0].id],
      );
      const post = await sql.query(
        `insert into news_posts (title, content, content_type, author_id, published_at) values ('Fridays', 'Every week', 'announcement', $1, now()) returning id`,
        [memberId],
      );
      await sql.query(
        `insert into news_comments (post_id, author_id, content, created_at)
         select $1, $2, 'Another great Friday, the second room was unreal. #' || i, now() - i * interval '7 days'
         from generate_series(1, ${COMMENTS}) i`,
        [post.rows[0].id, memberId],
      );
      await sql.query('analyze');
    } finally {
      await sql.end();
    }

    // One download alone first, as the api's first of the night: its code warm, its first byte timed on its own.
    const alone = await download(token);
    expect(alone.status).toBe(200);

    const { result: downloads, peakMb: peak } = await built.peakRssDuring(() =>
      Promise.all(Array.from({ length: CLIENTS }, () => download(token))),
    );

    const firstBytes = downloads.map((answer) => answer.firstByteMs).sort((a, b) => a - b);
    process.stdout.write(
      `export memory: ${CLIENTS} downloads of ${(downloads[0]!.bytes / 1e6).toFixed(1)} MB, peak RSS ${peak.toFixed(0)} MB, ` +
        `first byte ${firstBytes[0]!.toFixed(0)}-${firstBytes.at(-1)!.toFixed(0)} ms (alone ${alone.firstByteMs.toFixed(0)} ms), ` +
        `last byte ${Math.min(...downloads.map((answer) => answer.lastByteMs)).toFixed(0)}-${Math.max(...downloads.map((answer) => answer.lastByteMs)).toFixed(0)} ms\n`,
    );
    expect(built.api.child.exitCode).toBeNull();
    expect(downloads.map((answer) => answer.status)).toEqual(Array.from({ length: CLIENTS }, () => 200));
    // One more, read whole: valid JSON with every ledger row, claim and
    // comment.
    const whole = await fetch(`${built.baseUrl}/api/auth/me/export`, { headers: { authorization: `Bearer ${token}` } });
    const text = await whole.text();
    const document = JSON.parse(text);
    expect(document.pointsHistory).toHaveLength(LEDGER_ROWS);
    expect(document.coupons).toHaveLength(CLAIMS);
    expect(document.comments).toHaveLength(COMMENTS);
    // Each of the twenty was as long (the stamp at its head has a fixed length).
    expect(new Set(downloads.map((answer) => answer.bytes))).toEqual(new Set([Buffer.byteLength(text)]));
    expect(peak).toBeLessThan(RSS_BUDGET_MB);
    // Alone, the first byte comes within 200 ms. At twenty, on a machine shared with other work the
    // milliseconds say little, but the order does: every download has started streaming before the
    // first one has finished, so none waits for another's whole document.
    expect(alone.firstByteMs).toBeLessThan(FIRST_BYTE_MS);
    expect(firstBytes.at(-1)).toBeLessThan(Math.min(...downloads.map((answer) => answer.lastByteMs)));
    expect((await built.call('GET', '/health/live')).status).toBe(200);
  }, 300_000);
});
