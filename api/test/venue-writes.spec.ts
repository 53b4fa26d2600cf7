import { clubNightOf } from '@nocturne/domain';
import { couponCode, registerAdmin, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';

// What a manager of some venues may write: coupons, posts and promotions for their venues, and
// nothing for the whole group or another venue (refused in words, nothing written); its venues'
// bookings and messages, not another's. Admins and group managers write anything; a manager of
// every open venue writes as a group manager.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let velvetManager: Awaited<ReturnType<typeof registerStaff>>;
let groupManager: Awaited<ReturnType<typeof registerStaff>>;
let velvet: number;
let lantern: number;

async function addVenue(slug: string, name: string): Promise<number> {
  const { rows } = await t.sql.query<{ id: number }>(`insert into venues (slug, name) values ($1, $2) returning id`, [
    slug,
    name,
  ]);
  t.app.get(VenueDirectory).forget();
  return rows[0]!.id;
}

const coupon = (venueIds?: number[]) => ({
  code: couponCode(),
  title: 'Two for one',
  description: 'Cocktails before midnight',
  type: 'free_drink',
  value: null,
  ...(venueIds ? { venueIds } : {}),
});
const post = (venueIds?: number[]) => ({ title: 'Thursday', content: 'Doors at nine.', ...(venueIds ? { venueIds } : {}) });
const promotion = (venueIds?: number[]) => {
  const today = clubNightOf(new Date(), t.config.VENUE_TZ);
  return { name: 'Double', multiplier: '2', startsOn: today, endsOn: today, weekdays: null, ...(venueIds ? { venueIds } : {}) };
};
const count = async (table: string) => Number((await t.sql.query(`select count(*) from ${table}`)).rows[0].count);

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  velvetManager = await registerStaff(t, 'manager', 'Vic');
  groupManager = await registerStaff(t, 'manager', 'Gale');
});
afterAll(async () => {
  await t.close();
});

describe('a group of one venue', () => {
  it('a manager granted the only venue writes group-wide coupons, posts and promotions as before', async () => {
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, 1)', [velvetManager.user.id]);
    const token = velvetManager.sessionId;
    expect((await t.request('POST', '/api/admin/coupons', { token, body: coupon() })).status).toBe(201);
    expect((await t.request('POST', '/api/admin/news', { token, body: post() })).status).toBe(201);
    expect((await t.request('POST', '/api/admin/promotions', { token, body: promotion() })).status).toBe(201);
    await t.sql.query('delete from staff_venues where member_id = $1', [velvetManager.user.id]);
  });
});

describe('a group of several venues', () => {
  beforeAll(async () => {
    velvet = await addVenue('velvet-room', 'The Velvet Room');
    lantern = await addVenue('lantern-bar', 'Lantern Bar');
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [velvetManager.user.id, velvet]);
  });

  it('a manager of one venue makes coupons, posts and promotions for it, and nothing for the whole group or another venue', async () => {
    const token = velvetManager.sessionId;
    const before = { coupons: await count('coupons'), posts: await count('news_posts'), promotions: await count('promotions') };
    const groupWide = 'Choose The Velvet Room: a coupon for the whole group is made by an admin or a group manager';
    const refused = await t.request('POST', '/api/admin/coupons', { token, body: coupon() });
    expect([refused.status, refused.body.message]).toEqual([403, groupWide]);
    expect(refused.body.issues).toEqual([{ path: 'venueIds', message: groupWide }]);
    const elsewhere = await t.request('POST', '/api/admin/coupons', { token, body: coupon([velvet, lantern]) });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, 'This account works at The Velvet Room only']);
    const groupPost = await t.request('POST', '/api/admin/news', { token, body: post() });
    expect([groupPost.status, groupPost.body.message]).toEqual([
      403,
      'Choose The Velvet Room: a post for the whole group is made by an admin or a group manager',
    ]);
    const lanternPromotion = await t.request('POST', '/api/admin/promotions', { token, body: promotion([lantern]) });
    expect([lanternPromotion.status, lanternPromotion.body.message]).toEqual([403, 'This account works at The Velvet Room only']);
    // Nothing was written by the refusals.
    expect({ coupons: await count('coupons'), posts: await count('news_posts'), promotions: await count('promotions') }).toEqual(
      before,
    );

    const own = await t.request('POST', '/api/admin/coupons', { token, body: coupon([velvet]) });
    expect([own.status, own.body.venueIds]).toEqual([201, [velvet]]);
    const ownPost = await t.request('POST', '/api/admin/news', { token, body: post([velvet]) });
    expect([ownPost.status, ownPost.body.venues]).toEqual([201, ['The Velvet Room']]);
    const ownPromotion = await t.request('POST', '/api/admin/promotions', { token, body: promotion([velvet]) });
    expect(ownPromotion.status).toBe(201);
    // Its own things it edits and deletes; it cannot make them group-wide.
    expect(
      (await t.request('PATCH', `/api/admin/coupons/${own.body.id}`, { token, body: { title: 'Three for two' } })).status,
    ).toBe(200);
    const widened = await t.request('PATCH', `/api/admin/news/${ownPost.body.id}`, { token, body: { venueIds: [] } });
    expect(widened.status).toBe(403);
    expect((await t.request('DELETE', `/api/admin/news/${ownPost.body.id}`, { token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/admin/promotions/${ownPromotion.body.id}`, { token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/admin/coupons/${own.body.id}`, { token })).status).toBe(200);
  });

  it('a manager of one venue changes nothing of the group or of another venue; a group manager and an admin do', async () => {
    const token = velvetManager.sessionId;
    const groupCoupon = await t.request('POST', '/api/admin/coupons', { token: groupManager.sessionId, body: coupon() });
    expect(groupCoupon.status).toBe(201);
    const shared = await t.request('POST', '/api/admin/news', { token: admin.sessionId, body: post([velvet, lantern]) });
    const lanternPromotion = await t.request('POST', '/api/admin/promotions', {
      token: groupManager.sessionId,
      body: promotion([lantern]),
    });
    expect([shared.status, lanternPromotion.status]).toEqual([201, 201]);

    const edit = await t.request('PATCH', `/api/admin/coupons/${groupCoupon.body.id}`, { token, body: { title: 'Mine now' } });
    expect([edit.status, edit.body.message]).toEqual([
      403,
      'This coupon is for the whole group: only an admin or a group manager changes it',
    ]);
    const remove = await t.request('DELETE', `/api/admin/coupons/${groupCoupon.body.id}`, { token });
    expect(remove.status).toBe(403);
    const sharedEdit = await t.request('PATCH', `/api/admin/news/${shared.body.id}`, { token, body: { venueIds: [velvet] } });
    expect([sharedEdit.status, sharedEdit.body.message]).toEqual([
      403,
      'This post is also for Lantern Bar: this account works at The Velvet Room only',
    ]);
    expect((await t.request('DELETE', `/api/admin/news/${shared.body.id}`, { token })).status).toBe(403);
    const promotionEdit = await t.request('PUT', `/api/admin/promotions/${lanternPromotion.body.id}`, {
      token,
      body: promotion([velvet]),
    });
    expect(promotionEdit.status).toBe(403);
    expect((await t.request('DELETE', `/api/admin/promotions/${lanternPromotion.body.id}`, { token })).status).toBe(403);
    // Untouched by the refusals.
    const stored = await t.sql.query('select title, archived_at from coupons where id = $1', [groupCoupon.body.id]);
    expect(stored.rows).toEqual([{ title: 'Two for one', archived_at: null }]);

    expect(
      (await t.request('PATCH', `/api/admin/news/${shared.body.id}`, { token: groupManager.sessionId, body: { venueIds: [] } }))
        .status,
    ).toBe(200);
    expect((await t.request('DELETE', `/api/admin/coupons/${groupCoupon.body.id}`, { token: admin.sessionId })).status).toBe(200);
  });

  it("a manager of one venue decides its venue's bookings and handles its messages, not another venue's", async () => {
    const token = velvetManager.sessionId;
    const booking = async (venueId: number) =>
      (
        await t.sql.query<{ id: string }>(
          `insert into bookings (name, email, date, time, guests, service, status, venue_id)
           values ('Robin', 'robin@example.com', current_date + 3, '22:00', '4', 'vip-room', 'requested', $1) returning id`,
          [venueId],
        )
      ).rows[0]!.id;
    const message = async (venueId: number) =>
      (
        await t.sql.query<{ id: string }>(
          `insert into contact_messages (name, email, message, venue_id) values ('Robin', 'robin@example.com', 'A table for six?', $1) returning id`,
          [venueId],
        )
      ).rows[0]!.id;
    const [ours, theirs] = [await booking(velvet), await booking(lantern)];
    const [ourMessage, theirMessage] = [await message(velvet), await message(lantern)];

    const refused = [
      await t.request('PATCH', `/api/admin/bookings/${theirs}`, { token, body: { status: 'confirmed' } }),
      await t.request('PATCH', `/api/admin/contact-messages/${theirMessage}`, { token, body: { state: 'handled' } }),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array(2).fill([403, 'This account works at The Velvet Room only']),
    );
    const untouched = await t.sql.query(
      `select (select status from bookings where id = $1) as booking, (select state from contact_messages where id = $2) as message`,
      [theirs, theirMessage],
    );
    expect(untouched.rows).toEqual([{ booking: 'requested', message: 'new' }]);

    expect((await t.request('PATCH', `/api/admin/bookings/${ours}`, { token, body: { status: 'confirmed' } })).status).toBe(200);
    expect(
      (await t.request('PATCH', `/api/admin/contact-messages/${ourMessage}`, { token, body: { state: 'handled' } })).status,
    ).toBe(200);
    // A group manager decides any venue's.
    expect(
      (await t.request('PATCH', `/api/admin/bookings/${theirs}`, { token: groupManager.sessionId, body: { status: 'declined' } }))
        .status,
    ).toBe(200);
  });
});
