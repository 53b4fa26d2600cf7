import { addDays, clubNightOf } from '@nocturne/domain';
import { registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';

// Events and guest lists in a venue group, through HTTP: What's on and the Events screen of one
// venue, their conditional answers, the door's name search and party marking at the door's own
// venue, a member's party let in earning the visit once, the tally, the overview's guest-list
// line, and each venue's no-show rule.
let t: TestApp;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let groupDoor: Awaited<ReturnType<typeof registerStaff>>;
let velvetDoor: Awaited<ReturnType<typeof registerStaff>>;
let velvet: number;
let tonight: string;
let firstEvent: { id: string };
let velvetEvent: { id: string };

type Card = { qrPayload: string };

async function createEvent(overrides: Record<string, unknown>) {
  const answer = await t.request<{ id: string; slug: string }>('POST', '/api/admin/events', {
    token: manager.sessionId,
    body: {
      title: 'A Night',
      night: tonight,
      doorsOpen: '06:00',
      lastEntry: '05:59',
      priceCents: 2000,
      status: 'published',
      guestList: { capacity: 50, freeUntil: null, cutoff: null },
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const addGuest = (eventId: string, name: string, plusOnes = 0) =>
  t.request('POST', `/api/admin/events/${eventId}/nights/${tonight}/guest-list`, {
    token: manager.sessionId,
    body: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, plusOnes },
  });
const search = (token: string, q: string, venueId?: number) =>
  t.request('GET', `/api/door/guest-list?q=${encodeURIComponent(q)}${venueId ? `&venueId=${venueId}` : ''}`, { token });
const markIn = (token: string, entryId: string, count: number, venueId?: number) =>
  t.request('POST', `/api/door/guest-list/${entryId}/arrived`, { token, body: { count, ...(venueId ? { venueId } : {}) } });
const visitsOf = async (memberId: string) =>
  (
    await t.sql.query<{ venue_id: number }>('select venue_id from visits where member_id = $1 order by created_at', [memberId])
  ).rows.map((row) => row.venue_id);

beforeAll(async () => {
  t = await startTestApp();
  tonight = clubNightOf(new Date(), t.config.VENUE_TZ);
  manager = await registerStaff(t, 'manager', 'Morgan');
  groupDoor = await registerStaff(t, 'door', 'Sam');
  velvetDoor = await registerStaff(t, 'door', 'Vic');
  const { rows } = await t.sql.query<{ id: number }>(
    `insert into venues (slug, name) values ('velvet-room', 'The Velvet Room') returning id`,
  );
  velvet = rows[0]!.id;
  t.app.get(VenueDirectory).forget();
  await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [velvetDoor.user.id, velvet]);
  firstEvent = await createEvent({ title: 'First Floor Fridays' });
  velvetEvent = await createEvent({ title: 'Velvet Sessions', venueId: velvet });
});
afterAll(async () => {
  await t.close();
});

describe("What's on and the Events screen of one venue", () => {
  it('lists one venue’s events by its slug or id, and refuses a venue the group does not have in words', async () => {
    const titles = (body: { nights?: { title: string }[]; events?: { title: string }[] }) =>
      new Set((body.nights ?? body.events ?? []).map((item) => item.title));
    const bySlug = await t.request('GET', '/api/events?venue=velvet-room');
    expect(bySlug.status).toBe(200);
    expect(titles(bySlug.body)).toEqual(new Set(['Velvet Sessions']));
    const byId = await t.request('GET', `/api/events?venue=${velvet}`);
    expect(titles(byId.body)).toEqual(new Set(['Velvet Sessions']));
    const all = await t.request('GET', '/api/events');
    expect(titles(all.body)).toEqual(new Set(['Velvet Sessions', 'First Floor Fridays']));
    const staff = await t.request('GET', '/api/admin/events?venue=1', { token: manager.sessionId });
    expect(titles(staff.body)).toEqual(new Set(['First Floor Fridays']));
    const unknown = await t.request('GET', '/api/events?venue=nowhere');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('venue names no venue of the group');
  });

  it('answers 304 to a client holding the current list, and the new list once an event changes', async () => {
    const { slug } = await createEvent({ title: 'Conditional Night', venueId: velvet });
    for (const [path, token] of [
      ['/api/events', undefined],
      [`/api/events/${slug}`, undefined],
      ['/api/admin/events', manager.sessionId],
    ] as const) {
      const first = await t.request('GET', path, { token });
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const same = await t.request('GET', path, { token, headers: { 'if-none-match': etag! } });
      expect(same.status).toBe(304);
    }
    const before = (await t.request('GET', '/api/events')).headers.get('etag')!;
    await createEvent({ title: 'Late Addition', venueId: velvet });
    let answer = await t.request('GET', '/api/events', { headers: { 'if-none-match': before } });
    for (let i = 0; answer.status === 304 && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await t.request('GET', '/api/events', { headers: { 'if-none-match': before } });
    }
    expect(answer.status).toBe(200);
    expect(answer.body.nights.map((night: { title: string }) => night.title)).toContain('Late Addition');
  });
});

describe("the guest list at the door's venue", () => {
  it("finds tonight's names on the door's own venue's lists, and marks a party in there only", async () => {
    await addGuest(firstEvent.id, 'Quinn Outsider');
    await addGuest(velvetEvent.id, 'Quinn Velvet', 1);
    const names = (answer: { body: { entries: { name: string }[] } }) => answer.body.entries.map((entry) => entry.name);
    // The group's door names the venue; unnamed, it is at the first venue (two are open).
    expect(names(await search(groupDoor.sessionId, 'quinn', velvet))).toEqual(['Quinn Velvet']);
    expect(names(await search(groupDoor.sessionId, 'quinn'))).toEqual(['Quinn Outsider']);
    // A door of the Velvet Room is there without naming it, and refused elsewhere in words.
    const own = await search(velvetDoor.sessionId, 'quinn');
    expect(names(own)).toEqual(['Quinn Velvet']);
    const elsewhere = await search(velvetDoor.sessionId, 'quinn', 1);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, 'This account works at The Velvet Room only']);

    const outsider = (await search(groupDoor.sessionId, 'outsider')).body.entries[0].id as string;
    const wrongDoor = await markIn(velvetDoor.sessionId, outsider, 1);
    expect([wrongDoor.status, wrongDoor.body.message]).toEqual([404, "Not on tonight's guest list"]);
    const before = (await t.request('GET', '/api/door/tonight', { token: velvetDoor.sessionId })).headers.get('etag')!;
    const marked = await markIn(velvetDoor.sessionId, own.body.entries[0].id, 2);
    expect(marked.body).toEqual({ message: "2 in: Quinn Velvet's party", arrivedCount: 2 });
    // The tally counts the people let in from the list: a door holding the tally before gets the new one.
    let tally = await t.request('GET', '/api/door/tonight', {
      token: velvetDoor.sessionId,
      headers: { 'if-none-match': before },
    });
    for (let i = 0; tally.status === 304 && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      tally = await t.request('GET', '/api/door/tonight', { token: velvetDoor.sessionId, headers: { 'if-none-match': before } });
    }
    expect(tally.status).toBe(200);
    expect(tally.body.mine).toMatchObject({ guests: 2, visits: 0 });
  });

  it("records a member's visit when their party is let in by name, once per night and venue, as their card would", async () => {
    const member = await registerMember(t, { firstName: 'Jordan' });
    expect(
      (
        await t.request('POST', `/api/events/${velvetEvent.id}/nights/${tonight}/guest-list`, {
          token: member.sessionId,
          body: { plusOnes: 0 },
        })
      ).status,
    ).toBe(201);
    const entry = (await search(velvetDoor.sessionId, 'jordan')).body.entries[0].id as string;
    const marked = await markIn(velvetDoor.sessionId, entry, 1);
    expect(marked.status).toBe(200);
    expect(marked.body.message).toMatch(/^1 in: Jordan's party: visit recorded, \+\d+ points$/);
    expect(await visitsOf(member.user.id)).toEqual([velvet]);
    const points = (await t.request('GET', '/api/auth/me', { token: member.sessionId })).body;
    // The card scanned afterwards at the same door finds the visit recorded: no second one, no points.
    const card = (await t.request<Card>('GET', '/api/auth/me/card', { token: member.sessionId })).body;
    const scanned = await t.request('POST', '/api/door/check', {
      token: velvetDoor.sessionId,
      body: { text: card.qrPayload, method: 'scan' },
    });
    expect(scanned.body.visit).toMatchObject({ recorded: false, points: 0 });
    expect(scanned.body.guestList).toMatchObject({ arrivedCount: 1 });
    expect(await visitsOf(member.user.id)).toEqual([velvet]);
    const after = (await t.request('GET', '/api/auth/me', { token: member.sessionId })).body;
    expect(after.currentPoints).toBe(points.currentPoints);
    const tally = await t.request('GET', '/api/door/tonight', { token: velvetDoor.sessionId });
    expect(tally.body.mine).toMatchObject({ guests: 3 });
  });

  it('records no second visit when the card was scanned first, and none for nobody let in', async () => {
    const member = await registerMember(t, { firstName: 'Riley' });
    await t.request('POST', `/api/events/${velvetEvent.id}/nights/${tonight}/guest-list`, {
      token: member.sessionId,
      body: { plusOnes: 0 },
    });
    const card = (await t.request<Card>('GET', '/api/auth/me/card', { token: member.sessionId })).body;
    const scanned = await t.request('POST', '/api/door/check', {
      token: groupDoor.sessionId,
      body: { text: card.qrPayload, method: 'scan', venueId: velvet },
    });
    expect(scanned.body.visit).toMatchObject({ recorded: true });
    const marked = await markIn(groupDoor.sessionId, scanned.body.guestList.entryId, 1, velvet);
    expect(marked.body).toEqual({ message: "1 in: Riley's party", arrivedCount: 1 });
    expect(await visitsOf(member.user.id)).toEqual([velvet]);

    const absent = await registerMember(t, { firstName: 'Casey' });
    await t.request('POST', `/api/events/${velvetEvent.id}/nights/${tonight}/guest-list`, {
      token: absent.sessionId,
      body: { plusOnes: 0 },
    });
    const entry = (await search(groupDoor.sessionId, 'casey', velvet)).body.entries[0].id as string;
    expect((await markIn(groupDoor.sessionId, entry, 0, velvet)).body).toEqual({
      message: "0 in: Casey's party",
      arrivedCount: 0,
    });
    expect(await visitsOf(absent.user.id)).toEqual([]);
  });
});

describe("the overview's guest-list line and each venue's no-show rule", () => {
  it("adds up tonight's lists at a venue, and last night's no-show", async () => {
    const answer = await t.request('GET', `/api/admin/guest-lists/tonight?venueId=${velvet}`, { token: manager.sessionId });
    expect(answer.status).toBe(200);
    // Quinn Velvet +1 (2 in), Jordan (1 in), Riley (1 in), Casey (0 in); the nights are not over.
    expect(answer.body).toMatchObject({
      venueId: velvet,
      tonight: { night: tonight, entries: 4, places: 5, arrived: 4, noShowPercent: null, summary: 'List 5, in 4' },
      lastNight: null,
    });
    const yesterday = addDays(tonight, -1);
    await t.sql.query(
      `insert into guest_list_entries (event_id, night, guest_name, guest_email, plus_ones, arrived_count)
       values ($1, $2, 'Ada', 'ada@example.com', 1, 2), ($1, $2, 'Bo', 'bo@example.com', 0, null),
              ($1, $2, 'Cy', 'cy@example.com', 0, 0), ($1, $2, 'Di', 'di@example.com', 0, 1)`,
      [velvetEvent.id, yesterday],
    );
    const later = await t.request('GET', `/api/admin/guest-lists/tonight?venueId=${velvet}`, { token: manager.sessionId });
    expect(later.body.lastNight).toEqual({
      night: yesterday,
      entries: 4,
      places: 5,
      arrived: 3,
      noShowPercent: 50,
      summary: 'List 5, in 3, no-show 50%',
    });
    // The first venue's line is its own.
    const first = await t.request('GET', '/api/admin/guest-lists/tonight', { token: manager.sessionId });
    expect(first.body).toMatchObject({ venueId: 1, tonight: { entries: 1, summary: 'List 1, in 0' }, lastNight: null });
  });

  it("keeps each venue's no-show rule", async () => {
    const rule = { noShows: 2, withinDays: 30, pauseDays: 14 };
    const saved = await t.request('PUT', '/api/admin/guest-list-rule', {
      token: manager.sessionId,
      body: { rule, venueId: velvet },
    });
    expect(saved.status).toBe(200);
    const there = await t.request('GET', `/api/admin/guest-list-rule?venueId=${velvet}`, { token: manager.sessionId });
    expect(there.body.rule).toEqual(rule);
    const first = await t.request('GET', '/api/admin/guest-list-rule', { token: manager.sessionId });
    expect(first.body).toEqual({ rule: null, words: null });
  });
});

describe("a manager of some venues and another venue's events", () => {
  const WORDS = 'This account works at The Velvet Room only';
  let velvetManager: Awaited<ReturnType<typeof registerStaff>>;
  const night = () => addDays(tonight, 7);
  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Scoped Night',
    night: night(),
    doorsOpen: '22:00',
    lastEntry: '03:00',
    priceCents: 0,
    status: 'published',
    ...overrides,
  });
  const eventRow = async (id: string) =>
    (
      await t.sql.query<{ venue_id: number; title: string; announcement_post_id: string | null }>(
        'select venue_id, title, announcement_post_id from events where id = $1',
        [id],
      )
    ).rows[0]!;

  beforeAll(async () => {
    velvetManager = await registerStaff(t, 'manager', 'Val');
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [velvetManager.user.id, velvet]);
  });

  it('creates at its own venue when it names none, and refuses one at another venue in words, writing nothing', async () => {
    const own = await t.request('POST', '/api/admin/events', { token: velvetManager.sessionId, body: body() });
    expect([own.status, own.body.venueId]).toEqual([201, velvet]);
    const elsewhere = await t.request('POST', '/api/admin/events', {
      token: velvetManager.sessionId,
      body: body({ title: 'Not Here', venueId: 1 }),
    });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, WORDS]);
    const written = await t.sql.query(`select count(*)::int as n from events where title = 'Not Here'`);
    expect(written.rows[0].n).toBe(0);
  });

  it("lists its venues' events, and refuses another venue's list in words", async () => {
    const own = await t.request('GET', '/api/admin/events', { token: velvetManager.sessionId });
    expect(own.status).toBe(200);
    const venues = new Set((own.body.events as { venueId: number }[]).map((event) => event.venueId));
    expect(venues).toEqual(new Set([velvet]));
    const elsewhere = await t.request('GET', '/api/admin/events?venue=1', { token: velvetManager.sessionId });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([403, WORDS]);
    const group = await t.request('GET', '/api/admin/events', { token: manager.sessionId });
    expect(new Set((group.body.events as { venueId: number }[]).map((event) => event.venueId))).toEqual(new Set([1, velvet]));
  });

  it("refuses to edit or announce another venue's event, or to move its own to another venue, and changes nothing", async () => {
    const before = await eventRow(firstEvent.id);
    const edit = await t.request('PUT', `/api/admin/events/${firstEvent.id}`, {
      token: velvetManager.sessionId,
      body: body({ title: 'Taken Over', night: tonight }),
    });
    const announce = await t.request('POST', `/api/admin/events/${firstEvent.id}/announce`, { token: velvetManager.sessionId });
    const move = await t.request('PUT', `/api/admin/events/${velvetEvent.id}`, {
      token: velvetManager.sessionId,
      body: body({ title: 'Velvet Sessions', night: tonight, venueId: 1 }),
    });
    expect([edit, announce, move].map((answer) => [answer.status, answer.body.message])).toEqual(Array(3).fill([403, WORDS]));
    expect(await eventRow(firstEvent.id)).toEqual(before);
    expect((await eventRow(velvetEvent.id)).venue_id).toBe(velvet);
    const posts = await t.sql.query(`select count(*)::int as n from news_posts where title = $1`, [before.title]);
    expect(posts.rows[0].n).toBe(0);
  });

  it('edits and announces its own venue’s event, which stays at its venue when the edit names none', async () => {
    const { id } = await createEvent({ title: 'Velvet Edit', venueId: velvet, night: night() });
    const edit = await t.request('PUT', `/api/admin/events/${id}`, {
      token: velvetManager.sessionId,
      body: body({ title: 'Velvet Edited' }),
    });
    expect([edit.status, edit.body.venueId, edit.body.title]).toEqual([200, velvet, 'Velvet Edited']);
    const announce = await t.request('POST', `/api/admin/events/${id}/announce`, { token: velvetManager.sessionId });
    expect(announce.status).toBe(201);
    // A group manager's edit naming no venue leaves the event where it is too.
    const group = await t.request('PUT', `/api/admin/events/${id}`, {
      token: manager.sessionId,
      body: body({ title: 'Velvet Again' }),
    });
    expect([group.status, group.body.venueId]).toEqual([200, velvet]);
  });
});

describe("the members area's guest-list card in a group", () => {
  it("shows each night's venue with that venue's no-show rule, and a pause at one venue on its nights only", async () => {
    const member = await registerMember(t, { firstName: 'Noor' });
    // Velvet's rule (two no-shows within 30 days) is set above; the first venue has none.
    for (const days of [1, 2])
      await t.sql.query(
        'insert into guest_list_entries (event_id, night, member_id, plus_ones, arrived_count) values ($1, $2, $3, 0, null)',
        [velvetEvent.id, addDays(tonight, -days), member.user.id],
      );
    const card = await t.request('GET', '/api/auth/me/guest-lists', { token: member.sessionId });
    expect(card.status).toBe(200);
    const night = (id: string) =>
      (card.body.open as { eventId: string; venueName: string; noShowRule: string | null; pausedUntil: string | null }[]).find(
        (open) => open.eventId === id,
      )!;
    const first = (await t.sql.query<{ name: string }>('select name from venues where id = 1')).rows[0]!.name;
    expect(night(velvetEvent.id)).toMatchObject({
      venueName: 'The Velvet Room',
      noShowRule: 'Two no-shows within 30 days pause your guest-list sign-ups for 14 days.',
      pausedUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(night(firstEvent.id)).toMatchObject({ venueName: first, noShowRule: null, pausedUntil: null });
    // Nights at two venues: no one rule above them.
    expect([card.body.noShowRule, card.body.pausedUntil]).toEqual([null, null]);
  });
});
