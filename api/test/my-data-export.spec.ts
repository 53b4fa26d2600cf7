// A member's data export grows with their history (a five-year regular has tens of thousands of
// ledger rows): it streams as it is read, holds the same document it always did, and only a few
// run at once, per member and per process, the rest told to come back (429, Retry-After).
import { createCoupon } from './support/coupon-fixtures.js';
import { createPost } from './support/news-fixtures.js';
import { MyDataExport } from '@nocturne/contracts';
import { EXPORT_ALREADY_RUNNING, EXPORTS_BUSY } from '@nocturne/domain';
import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

const LEDGER_ROWS = 30_000;
/** Rows sharing one instant, more than a batch: the keyset's id tie-break must neither skip nor repeat them. */
const SAME_INSTANT = 2_500;
const CLAIMS = 1_500;
const COMMENTS = 2_500;

let t: TestApp;
let adminToken: string;
let heavy: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  // Three downloads at once in all (two per account, the default), so the test reaches both limits.
  t = await startTestApp({ EXPORTS_AT_ONCE: '3' });
  adminToken = (await registerAdmin(t)).sessionId;
  heavy = await registerMember(t, { firstName: 'Regular', lastName: 'Since 2021' });
  const id = heavy.user.id;
  await t.sql.query(
    `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
     select $1, 1 + i % 7, 1 + i % 7, 'adjustment', 'Night "' || i || '" \\ ✓', 'seed', 'seed-' || i,
            case when i <= ${SAME_INSTANT} then timestamptz '2022-03-04 22:00:00.123456+00'
                 else now() - i * interval '37 minutes' end
     from generate_series(1, ${LEDGER_ROWS}) i`,
    [id],
  );
  const coupon = await createCoupon(t, adminToken, { title: 'Free entry' });
  await t.sql.query(
    `insert into user_coupons (member_id, coupon_id, claimed_at, redeemed_at, redeemed_by)
     select $1, $2, now() - i * interval '1 day', case when i % 2 = 0 then now() - i * interval '1 day' + interval '1 hour' end,
            case when i % 2 = 0 then 'member' end
     from generate_series(1, ${CLAIMS}) i`,
    [id, coupon.id],
  );
  const post = await createPost(t, adminToken, { title: 'Every Friday' });
  await t.sql.query(
    `insert into news_comments (post_id, author_id, content, created_at, deleted_at)
     select $1, $2, 'Comment ' || i || E'\\nwith "quotes"', now() - i * interval '5 hours',
            case when i % 10 = 0 then now() end
     from generate_series(1, ${COMMENTS}) i`,
    [post.id, id],
  );
  await t.sql.query(`insert into birthday_grants (member_id, year) values ($1, 2024), ($1, 2025)`, [id]);
  // Guest lists joined: a weekly night's three nights, one party let in (another member's entry stays theirs).
  const { rows: events } = await t.sql.query<{ id: string }>(
    `insert into events (venue_id, slug, title, night, doors_open, last_entry, repeats_weekly, status, list_capacity)
     values (1, 'deep-house-fridays', 'Deep House Fridays', '2025-01-03', '22:00', '03:00', true, 'published', 100) returning id`,
  );
  await t.sql.query(
    `insert into guest_list_entries (event_id, night, member_id, plus_ones, arrived_count, created_at)
     select $1, date '2025-01-03' + 7 * i, $2, i % 3, case when i = 1 then 2 end, timestamptz '2025-01-01 10:00+00' + i * interval '7 days'
     from generate_series(0, 2) i`,
    [events[0]!.id, id],
  );
  await t.sql.query(
    `insert into guest_list_entries (event_id, night, guest_name, guest_email) values ($1, '2025-01-03', 'Quinn', 'q@example.com')`,
    [events[0]!.id],
  );
  await t.sql.query('analyze');
}, 120_000);
afterAll(async () => {
  await t.close();
}, 120_000);

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The document as the export built it whole before it streamed: one read per kind of record. */
async function documentReadWhole(memberId: string) {
  const q = async (text: string) => (await t.sql.query(text, [memberId])).rows;
  const [profile] = await q(
    `select id, email, first_name, last_name, role, current_points, total_points, member_tier, created_at, last_sign_in_at,
            date_of_birth::text as date_of_birth, marketing_consent, marketing_consent_at, marketing_consent_version
       from members where id = $1`,
  );
  const points = await q(
    `select description, points, base_points, tier_multiplier, promotion_multiplier, kind, created_at
       from point_transactions where member_id = $1 order by created_at, id`,
  );
  const coupons = await q(
    `select c.code, c.title, uc.claimed_at, uc.redeemed_at from user_coupons uc join coupons c on c.id = uc.coupon_id
      where uc.member_id = $1 order by uc.claimed_at, uc.id`,
  );
  const comments = await q(
    `select p.title, c.content, c.created_at, c.deleted_at from news_comments c join news_posts p on p.id = c.post_id
      where c.author_id = $1 order by c.created_at, c.id`,
  );
  const birthdays = await q(`select year, granted_at from birthday_grants where member_id = $1 order by year`);
  const guestLists = await q(
    `select e.title, to_char(g.night, 'YYYY-MM-DD') as night, g.plus_ones, g.arrived_count, g.created_at
       from guest_list_entries g join events e on e.id = g.event_id where g.member_id = $1 order by g.created_at, g.id`,
  );
  return {
    profile: {
      id: profile.id,
      email: profile.email,
      firstName: profile.first_name,
      lastName: profile.last_name,
      role: profile.role,
      isAdmin: profile.role === 'admin',
      currentPoints: profile.current_points,
      totalPoints: profile.total_points,
      memberTier: profile.member_tier,
      createdAt: iso(profile.created_at),
      lastSignInAt: iso(profile.last_sign_in_at),
      dateOfBirth: profile.date_of_birth,
      marketingConsent: profile.marketing_consent,
      marketingConsentAt: iso(profile.marketing_consent_at),
      marketingConsentVersion: profile.marketing_consent_version,
    },
    pointsHistory: points.map((r) => ({
      description: r.description,
      points: r.points,
      basePoints: r.base_points,
      tierMultiplier: r.tier_multiplier,
      promotionMultiplier: r.promotion_multiplier,
      kind: r.kind,
      createdAt: iso(r.created_at),
    })),
    coupons: coupons.map((r) => ({ code: r.code, title: r.title, claimedAt: iso(r.claimed_at), redeemedAt: iso(r.redeemed_at) })),
    comments: comments.map((r) => ({
      postTitle: r.title,
      content: r.content,
      createdAt: iso(r.created_at),
      removed: r.deleted_at !== null,
    })),
    guestLists: guestLists.map((r) => ({
      event: r.title,
      night: r.night,
      plusOnes: r.plus_ones,
      arrivedCount: r.arrived_count,
      joinedAt: iso(r.created_at),
    })),
    referrals: { inviteCode: null, joinedThroughInvite: null, invited: [] },
    rewards: {
      tierCelebrated: null,
      birthdayCoupons: birthdays.map((r) => ({ year: r.year, grantedAt: iso(r.granted_at) })),
      monthlyTierCoupons: [],
    },
  };
}

function exportOf(token: string, path = '/api/auth/me/export') {
  return fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** Asks until the answer is not a 429 (a cancelled download gives its slot back when its stream closes). */
async function exportOnceFree(token: string, path?: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await exportOf(token, path);
    if (answer.status !== 429 || Date.now() > deadline) return answer;
    await answer.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/auth/me/export for a member with years of history', () => {
  it('streams the whole document: valid JSON, every row once in order, equal to the document read whole', async () => {
    const answer = await exportOf(heavy.sessionId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="nocturne-my-data.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Streamed: no length known up front.
    expect(answer.headers.get('content-length')).toBeNull();
    const text = await answer.text();
    const body = JSON.parse(text) as MyDataExport;
    expect(() => MyDataExport.parse(body)).not.toThrow();
    expect(body.pointsHistory).toHaveLength(LEDGER_ROWS + 1); // and the welcome bonus
    expect(body.coupons).toHaveLength(CLAIMS);
    expect(body.comments).toHaveLength(COMMENTS);
    expect(body.guestLists).toEqual([
      { event: 'Deep House Fridays', night: '2025-01-03', plusOnes: 0, arrivedCount: null, joinedAt: '2025-01-01T10:00:00.000Z' },
      { event: 'Deep House Fridays', night: '2025-01-10', plusOnes: 1, arrivedCount: 2, joinedAt: '2025-01-08T10:00:00.000Z' },
      { event: 'Deep House Fridays', night: '2025-01-17', plusOnes: 2, arrivedCount: null, joinedAt: '2025-01-15T10:00:00.000Z' },
    ]);
    const { exportedAt, ...rest } = body;
    expect(Date.parse(exportedAt)).not.toBeNaN();
    expect(rest).toEqual(await documentReadWhole(heavy.user.id));
  }, 60_000);

  it('writes an empty list as []', async () => {
    const fresh = await registerMember(t);
    const body = (await (await exportOf(fresh.sessionId)).json()) as MyDataExport;
    expect(body.pointsHistory.map((row) => row.kind)).toEqual(['welcome_bonus']);
    expect(body.coupons).toEqual([]);
    expect(body.comments).toEqual([]);
    expect(body.guestLists).toEqual([]);
    expect(() => MyDataExport.parse(body)).not.toThrow();
  });

  it('runs two at once per member and three in all; past either, 429 with Retry-After and words, until one ends', async () => {
    // A second long-standing member: a copy of the first one's ledger.
    const another = await registerMember(t);
    await t.sql.query(
      `insert into point_transactions (member_id, points, base_points, kind, description, source_type, source_id, created_at)
       select $2, points, base_points, kind, description, source_type, source_id, created_at
         from point_transactions where member_id = $1 and kind = 'adjustment'`,
      [heavy.user.id, another.user.id],
    );
    // Downloads the client does not read: each holds its slot while its stream waits on the client.
    const first = await exportOf(heavy.sessionId);
    const second = await exportOf(heavy.sessionId);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await exportOf(heavy.sessionId);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await third.json()).toMatchObject({ success: false, statusCode: 429, message: EXPORT_ALREADY_RUNNING });

    // Another account starts one, the third in all; then the process is full, staff downloads included.
    const othersFirst = await exportOf(another.sessionId);
    expect(othersFirst.status).toBe(200);
    for (const refused of [await exportOf(another.sessionId), await exportOf(adminToken, '/api/admin/audit/export')]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ statusCode: 429, message: EXPORTS_BUSY });
    }
    // A refused staff download leaves no audit row: it never ran.
    const audited = await t.sql.query(`select count(*)::int as n from audit_log where action = 'audit.export'`);
    expect(audited.rows[0].n).toBe(0);

    // A client that goes away gives its slot back (both of them: two start again at once); one read
    // to its end does too.
    await first.body!.cancel();
    await second.body!.cancel();
    const again = [await exportOnceFree(heavy.sessionId), await exportOnceFree(heavy.sessionId)];
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of again) expect(JSON.parse(await answer.text()).pointsHistory).toHaveLength(LEDGER_ROWS + 1);
    expect(JSON.parse(await othersFirst.text()).pointsHistory).toHaveLength(LEDGER_ROWS + 1);
    const staff = await exportOnceFree(adminToken, '/api/admin/members/export');
    expect(staff.status).toBe(200);
    expect(await staff.text()).toContain(heavy.email);
  }, 60_000);
});
