import { jest } from '@jest/globals';
import { addDays, clubNightOf } from '@nocturne/domain';
import { registerMember, registerStaff, startTestApp, type TestApp, uniqueEmail } from '@nocturne/testing';
import { createHash, randomBytes } from 'node:crypto';

// Events, What's on and the guest list through HTTP: a manager's events and their validation, the
// public listing, the event page's JSON-LD and .ics, sign-ups under concurrency, plus-ones by
// tier, the cut-off, leaving, staff lists, the no-show rule, and the door.
let t: TestApp;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let door: Awaited<ReturnType<typeof registerStaff>>;
let tonight: string;
let template: string;

// Sign-ups hash passwords: fifty members on a shared machine take a while.
jest.setTimeout(300_000);

beforeAll(async () => {
  t = await startTestApp({ VENUE_TZ: 'Australia/Sydney', APP_URL: 'https://nocturne.example' });
  manager = await registerStaff(t, 'manager', 'Morgan');
  door = await registerStaff(t, 'door', 'Sam');
  tonight = clubNightOf(new Date(), 'Australia/Sydney');
  template = (await registerMember(t)).user.id;
});
afterAll(async () => {
  await t.close();
});

const night = (plusDays: number) => addDays(tonight, plusDays);

const event = (overrides: Record<string, unknown> = {}) => ({
  title: 'Deep House Fridays',
  description: 'Four rooms, one night.',
  lineUp: ['Ana Lux', 'DJ Mara'],
  night: night(2),
  doorsOpen: '22:00',
  lastEntry: '03:00',
  agePolicy: '18+',
  priceCents: 2500,
  currency: 'AUD',
  dressCode: 'Smart, no sportswear',
  capacity: 400,
  status: 'published',
  guestList: { capacity: 20, freeUntil: '23:30', cutoff: '21:00' },
  ...overrides,
});

async function createEvent(overrides: Record<string, unknown> = {}) {
  const answer = await t.request<{ id: string; slug: string }>('POST', '/api/admin/events', {
    token: manager.sessionId,
    body: event(overrides),
  });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * A member of `tier` with a session, made in SQL from a registered member's row (a sign-up hashes a
 * password: fifty of them would only time the hashing).
 */
async function memberOfTier(tier: 'bronze' | 'silver' | 'gold' | 'platinum' = 'bronze', firstName = 'Jordan') {
  const made = await t.sql.query<{ id: string }>(
    `insert into members select (jsonb_populate_record(null::members, to_jsonb(m) || jsonb_build_object(
       'id', gen_random_uuid(), 'email', $2::text, 'first_name', $3::text, 'member_tier', $4::text))).*
     from members m where m.id = $1 returning id`,
    [template, uniqueEmail(), firstName, tier],
  );
  const id = made.rows[0]!.id;
  const token = randomBytes(32).toString('base64url');
  await t.sql.query(`insert into sessions (member_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`, [
    id,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return { sessionId: token, user: { id } };
}

const join = (eventId: string, on: string, token: string, plusOnes = 0) =>
  t.request('POST', `/api/events/${eventId}/nights/${on}/guest-list`, { token, body: { plusOnes } });

describe('events for managers', () => {
  it('creates a night with its line-up, door times, price and guest list, and refuses bad times in words', async () => {
    const created = await t.request('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: event({ title: 'Opening Night' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'opening-night',
      title: 'Opening Night',
      lineUp: ['Ana Lux', 'DJ Mara'],
      doorsOpen: '22:00',
      lastEntry: '03:00',
      priceText: '$25',
      status: 'published',
      guestList: { capacity: 20, freeUntil: '23:30', cutoff: '21:00' },
      nextNights: [night(2)],
      venueId: 1,
    });
    const again = await t.request('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: event({ title: 'Opening Night' }),
    });
    expect(again.body.slug).toBe('opening-night-2');

    const backwards = await t.request('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: event({ doorsOpen: '23:00', lastEntry: '22:00' }),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues).toEqual([
      { path: 'lastEntry', message: 'Last entry must be after doors open, before 06:00 the next morning' },
    ]);
    const badTime = await t.request('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: event({ doorsOpen: '10pm' }),
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.issues[0]).toMatchObject({ path: 'doorsOpen', message: 'must be a time such as 22:00' });
    const free = await t.request('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: event({ guestList: { capacity: 10, freeUntil: '04:00', cutoff: null } }),
    });
    expect(free.status).toBe(400);
    expect(free.body.issues[0].path).toBe('guestList.freeUntil');
    const venue = await t.request('POST', '/api/admin/events', { token: manager.sessionId, body: event({ venueId: 99 }) });
    expect(venue.status).toBe(400);
    expect(venue.body.message).toBe('No such venue');
    const negative = await t.request('POST', '/api/admin/events', { token: manager.sessionId, body: event({ priceCents: -5 }) });
    expect(negative.status).toBe(400);
  });

  it('is for managers: door staff and members are refused', async () => {
    const member = await memberOfTier();
    expect((await t.request('POST', '/api/admin/events', { token: door.sessionId, body: event() })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/events', { token: member.sessionId })).status).toBe(403);
  });

  it('edits an event, takes it back to draft (gone from What is on) and lists weekly nights', async () => {
    const weekly = await createEvent({ title: 'Weekly Techno', night: night(1), repeatsWeekly: true, repeatUntil: night(22) });
    const listed = await t.request<{ events: { id: string; nextNights: string[] }[] }>('GET', '/api/admin/events', {
      token: manager.sessionId,
    });
    expect(listed.body.events.find((row) => row.id === weekly.id)?.nextNights).toEqual([
      night(1),
      night(8),
      night(15),
      night(22),
    ]);

    const public1 = await t.request<{ nights: { id: string; night: string }[] }>('GET', '/api/events');
    expect(public1.body.nights.filter((row) => row.id === weekly.id).map((row) => row.night)).toEqual([
      night(1),
      night(8),
      night(15),
      night(22),
    ]);
    const draft = await t.request('PUT', `/api/admin/events/${weekly.id}`, {
      token: manager.sessionId,
      body: event({ title: 'Weekly Techno', night: night(1), repeatsWeekly: true, repeatUntil: night(22), status: 'draft' }),
    });
    expect(draft.status).toBe(200);
    expect(draft.body.status).toBe('draft');
    const public2 = await t.request<{ nights: { id: string }[] }>('GET', '/api/events');
    expect(public2.body.nights.some((row) => row.id === weekly.id)).toBe(false);
    expect((await t.request('GET', `/api/events/${weekly.slug}`)).status).toBe(404);
    expect(
      (
        await t.request('PUT', `/api/admin/events/00000000-0000-4000-8000-000000000000`, {
          token: manager.sessionId,
          body: event(),
        })
      ).status,
    ).toBe(404);
  });

  it('announces a published event once, as a news post of type event linking to its page', async () => {
    const created = await createEvent({ title: 'Announced Night' });
    const announced = await t.request('POST', `/api/admin/events/${created.id}/announce`, { token: manager.sessionId });
    expect(announced.status).toBe(201);
    const post = await t.sql.query('select content_type, title, content from news_posts where id = $1', [announced.body.postId]);
    expect(post.rows[0]).toMatchObject({ content_type: 'event', title: 'Announced Night' });
    expect(post.rows[0].content).toContain(`/whats-on/${created.slug}`);
    const twice = await t.request('POST', `/api/admin/events/${created.id}/announce`, { token: manager.sessionId });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This event is already announced');
  });
});

describe("What's on", () => {
  it('lists coming published nights with venue offsets, and serves the page with its content and Event JSON-LD', async () => {
    const created = await createEvent({ title: 'Summer Sessions', night: '2026-12-05', posterPath: null });
    // A past night is not listed (the clock is past 5 December 2026 in no test run before it).
    const listing = await t.request<{ nights: { id: string; startsAt: string; endsAt: string }[] }>('GET', '/api/events');
    const listed = listing.body.nights.find((row) => row.id === created.id);
    if (tonight <= '2026-12-05') {
      expect(listed).toMatchObject({ startsAt: '2026-12-05T22:00:00+11:00', endsAt: '2026-12-06T03:00:00+11:00' });
    }

    const page = await fetch(`${t.baseUrl}/whats-on/${created.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h1>Summer Sessions</h1>');
    expect(html).toContain('Ana Lux');
    expect(html).toContain('<dt>Doors</dt><dd>22:00</dd>');
    expect(html).toContain('<dt>Entry</dt><dd>$25</dd>');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);

    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const ld = JSON.parse(json!);
    // schema.org Event: what Google's event rich result requires (name, startDate, location with
    // an address) and recommends (endDate, eventStatus, eventAttendanceMode, image, description,
    // offers with price, currency, availability and url, performer, organizer).
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Summer Sessions',
      startDate: '2026-12-05T22:00:00+11:00',
      endDate: '2026-12-06T03:00:00+11:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'NightClub',
        name: 'Nocturne',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '88 Lonsdale Lane',
          addressLocality: 'Surry Hills',
          addressCountry: 'Australia',
        },
      },
      performer: [
        { '@type': 'PerformingGroup', name: 'Ana Lux' },
        { '@type': 'PerformingGroup', name: 'DJ Mara' },
      ],
      offers: {
        '@type': 'Offer',
        price: '25.00',
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        url: `https://nocturne.example/whats-on/${created.slug}`,
      },
      organizer: { '@type': 'Organization', name: 'Nocturne', url: 'https://nocturne.example/' },
    });
    expect(ld.image[0]).toMatch(/^https:\/\/nocturne\.example\//);
    expect(typeof ld.description).toBe('string');
    expect(Date.parse(ld.endDate)).toBeGreaterThan(Date.parse(ld.startDate));

    const list = await (await fetch(`${t.baseUrl}/whats-on`)).text();
    expect(list).toContain("<h1>What's on</h1>");
    expect((await fetch(`${t.baseUrl}/whats-on/no-such-night`)).status).toBe(404);
  });

  it('offers an .ics file of the night, doors to last entry in UTC', async () => {
    const created = await createEvent({ title: 'Calendar Night', night: '2026-12-05' });
    const answer = await fetch(`${t.baseUrl}/api/events/${created.slug}/calendar?night=2026-12-05`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/calendar');
    const ics = await answer.text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261205T110000Z');
    expect(ics).toContain('DTEND:20261205T160000Z');
    expect(ics).toContain('SUMMARY:Calendar Night at Nocturne');
    expect((await fetch(`${t.baseUrl}/api/events/${created.slug}/calendar?night=2026-12-06`)).status).toBe(404);
  });
});

describe('the guest list', () => {
  it('holds exactly its capacity under 50 concurrent sign-ups', async () => {
    const created = await createEvent({ title: 'Full House', guestList: { capacity: 20, freeUntil: null, cutoff: null } });
    const members = await Promise.all(Array.from({ length: 50 }, () => memberOfTier('bronze')));
    const answers = await Promise.all(members.map((member) => join(created.id, night(2), member.sessionId)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(30);
    expect(new Set(refused.map((answer) => `${answer.status} ${(answer.body as { message: string }).message}`))).toEqual(
      new Set(['409 The guest list is full']),
    );
    const rows = await t.sql.query('select count(*)::int as n from guest_list_entries where event_id = $1', [created.id]);
    expect(rows.rows[0].n).toBe(20);

    // Leaving frees a place, which the next member takes.
    const leaving = await t.request('DELETE', `/api/events/${created.id}/nights/${night(2)}/guest-list`, {
      token: members[answers.findIndex((answer) => answer.status === 201)]!.sessionId,
    });
    expect(leaving.status).toBe(200);
    const late = members[answers.findIndex((answer) => answer.status === 409)]!;
    expect((await join(created.id, night(2), late.sessionId)).status).toBe(201);
    expect((await join(created.id, night(2), (await memberOfTier()).sessionId)).status).toBe(409);
  });

  it('gives plus-ones by tier: bronze none, silver one, gold two, platinum three (a tier benefit managers edit)', async () => {
    const created = await createEvent({ title: 'Plus Ones' });
    const bronze = await memberOfTier('bronze');
    const refused = await join(created.id, night(2), bronze.sessionId, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Bronze members come without a plus-one');
    const gold = await memberOfTier('gold');
    expect((await join(created.id, night(2), gold.sessionId, 3)).body.message).toBe('Gold members bring at most 2 plus-ones');
    const joined = await join(created.id, night(2), gold.sessionId, 2);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ plusOnes: 2, summary: 'On the list +2, free entry until 23:30' });
    expect((await join(created.id, night(2), gold.sessionId, 0)).body.message).toBe('You are already on this list');

    const platinum = await memberOfTier('platinum');
    const mine = await t.request('GET', '/api/auth/me/guest-lists', { token: platinum.sessionId });
    expect(mine.body.plusOnesAllowed).toBe(3);

    const edited = await t.request('PUT', '/api/admin/tier-benefits/bronze', {
      token: manager.sessionId,
      body: { benefit: 'Bring a friend', multiplier: '1', monthlyCouponId: null, guestListPlusOnes: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.guestListPlusOnes).toBe(1);
    expect((await join(created.id, night(2), bronze.sessionId, 1)).status).toBe(201);
    await t.request('PUT', '/api/admin/tier-benefits/bronze', {
      token: manager.sessionId,
      body: { benefit: 'Bring a friend', multiplier: '1', monthlyCouponId: null, guestListPlusOnes: 0 },
    });
  });

  it('closes sign-ups at the cut-off and when staff close the list; shows in the members area', async () => {
    // Last night's list: its cut-off (02:00 this morning) has passed.
    const past = await createEvent({
      title: 'Last Night',
      night: night(-1),
      lastEntry: '05:00',
      guestList: { capacity: 10, freeUntil: null, cutoff: '02:00' },
    });
    const member = await memberOfTier();
    const late = await join(past.id, night(-1), member.sessionId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Sign-ups for this night closed at 02:00');

    const open = await createEvent({ title: 'Members Area Night' });
    const before = await t.request('GET', '/api/auth/me/guest-lists', { token: member.sessionId });
    expect(before.body.open.some((row: { eventId: string }) => row.eventId === open.id)).toBe(true);
    expect((await join(open.id, night(2), member.sessionId)).status).toBe(201);
    const after = await t.request('GET', '/api/auth/me/guest-lists', { token: member.sessionId });
    expect(after.body.entries).toEqual([
      expect.objectContaining({
        eventId: open.id,
        night: night(2),
        title: 'Members Area Night',
        summary: 'On the list, free entry until 23:30',
      }),
    ]);
    expect(after.body.open.some((row: { eventId: string }) => row.eventId === open.id)).toBe(false);
    // Another member is offered the night with the place taken counted.
    const other = await memberOfTier();
    const offeredNight = async () =>
      (await t.request('GET', '/api/auth/me/guest-lists', { token: other.sessionId })).body.open.find(
        (row: { eventId: string; night: string }) => row.eventId === open.id && row.night === night(2),
      );
    expect(await offeredNight()).toMatchObject({ title: 'Members Area Night', placesLeft: 19, closesAt: expect.any(String) });

    const closed = await t.request('POST', `/api/admin/events/${open.id}/nights/${night(2)}/guest-list/close`, {
      token: manager.sessionId,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.closed).toBe(true);
    expect(await offeredNight()).toBeUndefined();
    const refused = await join(open.id, night(2), other.sessionId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This guest list is closed');
  });

  it('lets staff add a non-member by name and e-mail and see the counts', async () => {
    const created = await createEvent({ title: 'Staff List', guestList: { capacity: 5, freeUntil: '23:30', cutoff: null } });
    const silver = await memberOfTier('silver', 'Riley');
    expect((await join(created.id, night(2), silver.sessionId, 1)).status).toBe(201);
    const added = await t.request('POST', `/api/admin/events/${created.id}/nights/${night(2)}/guest-list`, {
      token: manager.sessionId,
      body: { name: 'Casey Guest', email: 'Casey@Example.com', plusOnes: 1 },
    });
    expect(added.status).toBe(201);
    expect(added.body.counts).toMatchObject({
      entries: 2,
      places: 4,
      capacity: 5,
      arrived: 0,
      noShowPercent: null,
      summary: 'List 4, in 0',
    });
    expect(added.body.entries).toEqual([
      expect.objectContaining({ name: 'Riley Reyes', member: true, tier: 'silver', plusOnes: 1, email: null }),
      expect.objectContaining({ name: 'Casey Guest', member: false, email: 'casey@example.com', plusOnes: 1 }),
    ]);
    const full = await t.request('POST', `/api/admin/events/${created.id}/nights/${night(2)}/guest-list`, {
      token: manager.sessionId,
      body: { name: 'Too Many', email: 'many@example.com', plusOnes: 1 },
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Only 1 place left on the list');
  });

  it('pauses sign-ups after the no-show rule, saying so in words before and when refusing', async () => {
    const rule = await t.request('PUT', '/api/admin/guest-list-rule', {
      token: manager.sessionId,
      body: { rule: { noShows: 2, withinDays: 30, pauseDays: 14 } },
    });
    expect(rule.body.words).toBe('Two no-shows within 30 days pause your guest-list sign-ups for 14 days.');
    const member = await memberOfTier();
    const mine = await t.request('GET', '/api/auth/me/guest-lists', { token: member.sessionId });
    expect(mine.body).toMatchObject({
      noShowRule: 'Two no-shows within 30 days pause your guest-list sign-ups for 14 days.',
      pausedUntil: null,
    });

    const earlier = await createEvent({
      title: 'Earlier Nights',
      night: night(-8),
      repeatsWeekly: true,
      guestList: { capacity: 50, freeUntil: null, cutoff: null },
    });
    await t.sql.query(
      `insert into guest_list_entries (event_id, night, member_id, plus_ones) values ($1, $2, $3, 0), ($1, $4, $3, 0)`,
      [earlier.id, night(-8), member.user.id, night(-1)],
    );
    const paused = await t.request('GET', '/api/auth/me/guest-lists', { token: member.sessionId });
    expect(paused.body.pausedUntil).not.toBeNull();
    const next = await createEvent({ title: 'After The Pause' });
    const refused = await join(next.id, night(2), member.sessionId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Your guest-list sign-ups are paused until \d{1,2} \w{3}: Two no-shows within 30 days/);
    await t.request('PUT', '/api/admin/guest-list-rule', { token: manager.sessionId, body: { rule: null } });
    expect((await join(next.id, night(2), member.sessionId)).status).toBe(201);
  });
});

describe('at the door', () => {
  it("shows a member's entry when their card is scanned, marks the party in once, and finds a non-member by name", async () => {
    const created = await createEvent({
      title: 'Tonight Live',
      night: tonight,
      doorsOpen: '06:00',
      lastEntry: '05:59',
      guestList: { capacity: 50, freeUntil: '05:59', cutoff: null },
    });
    const gold = await memberOfTier('gold', 'Jordan');
    await t.sql.query(`insert into guest_list_entries (event_id, night, member_id, plus_ones) values ($1, $2, $3, 2)`, [
      created.id,
      tonight,
      gold.user.id,
    ]);
    const card = (await t.request('GET', '/api/auth/me/card', { token: gold.sessionId })).body;
    const scanned = await t.request('POST', '/api/door/check', {
      token: door.sessionId,
      body: { text: card.qrPayload, method: 'scan' },
    });
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({
      kind: 'card',
      ok: true,
      guestList: {
        title: 'Tonight Live',
        plusOnes: 2,
        message: 'On the guest list +2 (free until 05:59)',
        freeEntry: true,
        arrivedCount: null,
      },
    });
    const entryId = scanned.body.guestList.entryId;
    const tooMany = await t.request('POST', `/api/door/guest-list/${entryId}/arrived`, {
      token: door.sessionId,
      body: { count: 4 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("Jordan's party is 3: at most 3 can come in");
    const marked = await t.request('POST', `/api/door/guest-list/${entryId}/arrived`, {
      token: door.sessionId,
      body: { count: 3 },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ message: "3 in: Jordan's party", arrivedCount: 3 });
    const twice = await t.request('POST', `/api/door/guest-list/${entryId}/arrived`, {
      token: door.sessionId,
      body: { count: 1 },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Already marked: 3 of Jordan's party came in");

    await t.request('POST', `/api/admin/events/${created.id}/nights/${tonight}/guest-list`, {
      token: manager.sessionId,
      body: { name: 'Quinn Outsider', email: 'quinn@example.com', plusOnes: 0 },
    });
    const found = await t.request('GET', '/api/door/guest-list?q=outsid', { token: door.sessionId });
    expect(found.status).toBe(200);
    expect(found.body.entries).toEqual([
      expect.objectContaining({ name: 'Quinn Outsider', member: false, title: 'Tonight Live', arrivedCount: null }),
    ]);
    const counts = await t.request('GET', `/api/admin/events/${created.id}/nights/${tonight}/guest-list`, {
      token: manager.sessionId,
    });
    expect(counts.body.counts).toMatchObject({ entries: 2, places: 4, arrived: 3 });
  });

  it('says free entry has ended after the time the manager set, and says nothing for a member on no list', async () => {
    await createEvent({
      title: 'Early Free',
      night: tonight,
      doorsOpen: '06:00',
      lastEntry: '05:59',
      guestList: { capacity: 50, freeUntil: '06:00', cutoff: null },
    });
    const created = (await t.sql.query(`select id from events where title = 'Early Free'`)).rows[0];
    const member = await memberOfTier('silver', 'Alex');
    await t.sql.query(`insert into guest_list_entries (event_id, night, member_id, plus_ones) values ($1, $2, $3, 1)`, [
      created.id,
      tonight,
      member.user.id,
    ]);
    const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
    const scanned = await t.request('POST', '/api/door/check', {
      token: door.sessionId,
      body: { text: card.qrPayload, method: 'scan' },
    });
    expect(scanned.body.guestList).toMatchObject({ message: 'On the list: free entry ended 06:00', freeEntry: false });

    const stranger = await memberOfTier();
    const other = (await t.request('GET', '/api/auth/me/card', { token: stranger.sessionId })).body;
    const none = await t.request('POST', '/api/door/check', {
      token: door.sessionId,
      body: { text: other.qrPayload, method: 'scan' },
    });
    expect(none.body.kind).toBe('card');
    expect(none.body.guestList).toBeUndefined();
  });
});
