import { MikroORM } from '@mikro-orm/postgresql';
import { CLAIM_REFUSALS } from '@nocturne/domain';
import { registerAdmin, startTestApp, type TestApp } from '@nocturne/testing';
import pg from 'pg';
// The bench's bare node:http + pg baseline (npm run bench): its writes claim to run the api's
// transactions statement for statement, and its figures mean something only while they do.
// eslint-disable-next-line import-x/no-restricted-paths -- the bench is a script, not a lib: this test holds it to the api
import { writeRoute } from '@nocturne/tooling/bench-writes';
import { claimWaitingAtTake, createCoupon, quickMembers } from './support/coupon-fixtures.js';
import { createPost } from './support/news-fixtures.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

/**
 * Every statement the api's pool and the baseline's send, with the client that sent it. Both are
 * node-postgres, though not always the same copy of it (MikroORM may hold its own), so the query
 * method of each pool's client class is wrapped.
 */
const sent: { client: object; text: string }[] = [];
type ClientClass = { prototype: { query: (...args: unknown[]) => unknown } };
/** Each wrapped client class with its own query method, put back after the tests. */
const wrapped = new Map<ClientClass, (...args: unknown[]) => unknown>();
function record(Client: ClientClass): void {
  if (wrapped.has(Client)) return;
  const query = Client.prototype.query;
  wrapped.set(Client, query);
  Client.prototype.query = function (this: object, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (text) sent.push({ client: this, text });
    return query.apply(this, args);
  };
}
beforeAll(async () => {
  const apiPool = (await t.app.get(MikroORM).em.getConnection().getNativeClient()) as unknown as { Client: ClientClass };
  record(apiPool.Client);
  record(pg.Client as unknown as ClientClass);
});
afterAll(() => {
  for (const [Client, query] of wrapped) Client.prototype.query = query;
});

/**
 * A statement's shape: its verb, the table it reads or writes first, whether it locks
 * (`select members for update`) and how many subqueries it runs. Text, aliases, quoting and
 * parameters may differ; the statements, their order, their locks and their subqueries may not.
 */
function shape(text: string): string {
  const sql = text.replace(/"/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const verb = sql.split(' ')[0]!;
  const table =
    verb === 'insert'
      ? /^insert into (\w+)/.exec(sql)?.[1]
      : verb === 'update'
        ? /^update (\w+)/.exec(sql)?.[1]
        : verb === 'select'
          ? // The outermost FROM: the first one after the select list's own subqueries close.
            /\bfrom (\w+)(?![^(]*\))/.exec(sql)?.[1]
          : undefined;
  const lock = /\bfor (no key )?update\b(?! skip locked)/.test(sql) ? ' for update' : '';
  // Subqueries read rows too (a coupon's venues, the validator's name): the same ones on both sides.
  const subqueries = (sql.match(/\(\s*select\b/g) ?? []).length;
  return [verb, table].filter(Boolean).join(' ') + lock + (subqueries ? ` +${subqueries} subqueries` : '');
}

/** The shapes of the one transaction, from BEGIN to COMMIT, that contains a statement matching `marker`. */
function transactionWith(from: number, marker: RegExp): string[] {
  const statements = sent.slice(from);
  const hit = statements.find((s) => marker.test(s.text));
  if (!hit) throw new Error(`no statement matched ${marker}`);
  const mine = statements.filter((s) => s.client === hit.client).map((s) => s.text);
  const at = mine.findIndex((text) => marker.test(text));
  const begin = mine.slice(0, at + 1).findLastIndex((text) => /^begin/i.test(text.trim()));
  const end = mine.findIndex((text, i) => i > at && /^(commit|rollback)/i.test(text.trim()));
  return mine.slice(begin, end + 1).map(shape);
}

describe("the bench's write baseline", () => {
  let baseline: pg.Pool;
  beforeAll(() => {
    baseline = new pg.Pool({ connectionString: t.db.url, max: 2 });
    // end() resolves before its connections have closed, so the DROP ... WITH (FORCE) of the file's
    // teardown can still terminate one; without a listener that 'error' fails the file.
    baseline.on('error', () => undefined);
  });
  afterAll(async () => {
    await baseline.end();
  });

  it("runs a rewarded comment's statements in the api's order", async () => {
    const post = await createPost(t, adminToken, { title: 'Bench night' });
    const [api, bare] = await quickMembers(t, 2, 0);

    let from = sent.length;
    const answer = await t.request('POST', `/api/news/${post.id}/comments`, { token: api!.token, body: { content: 'Loud.' } });
    expect(answer.status).toBe(201);
    expect(answer.body.pointsAwarded).toBe(5);
    const apiShapes = transactionWith(from, /insert into "news_comments"/);

    from = sent.length;
    const done = await writeRoute(baseline, 'POST', `/api/news/${post.id}/comments`)!({ id: bare!.id }, { content: 'Loud.' });
    expect(done.status).toBe(201);
    expect(done.body.pointsAwarded).toBe(5);
    const bareShapes = transactionWith(from, /insert into news_comments/);

    expect(bareShapes).toEqual(apiShapes);
    // The contended row is the last thing written before the commit.
    expect(apiShapes.slice(-2)).toEqual(['update news_posts', 'commit']);
  });

  it("runs a paid claim's statements in the api's order", async () => {
    const [api, bare] = await quickMembers(t, 2, 50);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 10, maxUses: 10 });

    let from = sent.length;
    const answer = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: api!.token });
    expect(answer.status).toBe(201);
    const apiShapes = transactionWith(from, /insert into "user_coupons"/);

    from = sent.length;
    const done = await writeRoute(baseline, 'POST', `/api/coupons/${coupon.id}/claim`)!({ id: bare!.id });
    expect(done.status).toBe(201);
    const bareShapes = transactionWith(from, /insert into user_coupons/);

    expect(bareShapes).toEqual(apiShapes);
    expect(apiShapes.slice(-2)).toEqual(['update coupons +2 subqueries', 'commit']);
    const counts = await t.sql.query('select claimed_count from coupons where id = $1', [coupon.id]);
    expect(counts.rows[0].claimed_count).toBe(2);
  });

  it('answers a claim refused at its take from the same transaction, as the api does', async () => {
    // The last use goes to another member while each claim waits for the coupon's row: the claim
    // learns why from the coupon as it is now and rolls back, without queueing again for a connection.
    const [api, bare] = await quickMembers(t, 2, 50);
    type Answer = { status: number; body: { message?: string } };
    /** A coupon of one use, claimed by `claim` while another transaction takes that use and then commits. */
    const soldOutUnder = async (claim: (couponId: string) => Promise<Answer>) => {
      const coupon = await createCoupon(t, adminToken, { pointsCost: 10, maxUses: 1 });
      const lastUse = new pg.Client({ connectionString: t.db.url });
      await lastUse.connect();
      try {
        await lastUse.query('begin');
        await lastUse.query('update coupons set claimed_count = claimed_count + 1 where id = $1', [coupon.id]);
        const answer = claim(coupon.id);
        await claimWaitingAtTake(t);
        await lastUse.query('commit');
        return { answer: await answer, couponId: coupon.id };
      } finally {
        await lastUse.end();
      }
    };

    let from = sent.length;
    const apiClaim = await soldOutUnder((couponId) => t.request('POST', `/api/coupons/${couponId}/claim`, { token: api!.token }));
    expect(apiClaim.answer.status).toBe(409);
    expect(apiClaim.answer.body.message).toBe(CLAIM_REFUSALS.fully_claimed.message);
    const apiShapes = transactionWith(from, /insert into "user_coupons"/);

    from = sent.length;
    const bareClaim = await soldOutUnder((couponId) =>
      writeRoute(baseline, 'POST', `/api/coupons/${couponId}/claim`)!({ id: bare!.id }),
    );
    expect(bareClaim.answer.status).toBe(409);
    expect(bareClaim.answer.body.message).toBe(CLAIM_REFUSALS.fully_claimed.message);
    const bareShapes = transactionWith(from, /insert into user_coupons/);

    expect(bareShapes).toEqual(apiShapes);
    expect(apiShapes.slice(-3)).toEqual(['update coupons +2 subqueries', 'select coupons', 'rollback']);
    // Nothing of either claim is kept: no user coupon, no debit, the one use counted once.
    for (const [member, coupon] of [
      [api!.id, apiClaim.couponId],
      [bare!.id, bareClaim.couponId],
    ]) {
      const kept = await t.sql.query(
        `select (select count(*)::int from user_coupons where member_id = $1 and coupon_id = $2) as claims,
                (select current_points from members where id = $1) as points,
                (select claimed_count from coupons where id = $2) as claimed`,
        [member, coupon],
      );
      expect(kept.rows[0]).toEqual({ claims: 0, points: 50, claimed: 1 });
    }
  });

  it("runs a member's Redeem Now statements in the api's order", async () => {
    const [api, bare] = await quickMembers(t, 2, 0);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 0 });
    const held = async (token: string) => {
      const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token });
      expect(claimed.status).toBe(201);
      return claimed.body.id as string;
    };
    const [apiCoupon, bareCoupon] = [await held(api!.token), await held(bare!.token)];

    let from = sent.length;
    const answer = await t.request('POST', `/api/coupons/redeem/${apiCoupon}`, { token: api!.token });
    expect(answer.status).toBe(200);
    const apiShapes = transactionWith(from, /redeemed_count/);

    from = sent.length;
    const done = await writeRoute(baseline, 'POST', `/api/coupons/redeem/${bareCoupon}`)!({ id: bare!.id });
    expect(done.status).toBe(200);
    const bareShapes = transactionWith(from, /redeemed_count/);

    expect(bareShapes).toEqual(apiShapes);
    // The coupon's count, the row redemptions of one coupon queue on, is taken last.
    expect(apiShapes.slice(-3)).toEqual(['insert outbox', 'update coupons', 'commit']);
  });
});
