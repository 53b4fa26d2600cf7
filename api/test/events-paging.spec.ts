import { registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';

// The Events screen's list a page at a time, through HTTP: more events than one page (several on
// the same night, at two venues) come back as pages that join to the whole list, the latest night
// first, with nothing repeated or left out; a venue's list pages the same way; a cursor still
// holds when an event is added between two pages; each page answers 304 while nothing changed;
// and a cursor or limit the api did not write is refused in words.
let t: TestApp;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let velvet: number;

type Page = { events: { id: string; night: string; venueId: number; title: string }[]; nextCursor: string | null };

beforeAll(async () => {
  t = await startTestApp();
  manager = await registerStaff(t, 'manager', 'Morgan');
  const { rows } = await t.sql.query<{ id: number }>(
    `insert into venues (slug, name) values ('velvet-room', 'The Velvet Room') returning id`,
  );
  velvet = rows[0]!.id;
  t.app.get(VenueDirectory).forget();
  // 130 events over 44 nights: three a night (the last night two), alternating venues, so pages
  // break inside a night and the id has to split them.
  await t.sql.query(
    `insert into events (venue_id, slug, title, night, doors_open, last_entry, status)
     select case when i % 2 = 0 then 1 else $1 end, 'night-' || i, 'Night ' || i,
            date '2026-01-02' + (i / 3), '22:00', '03:00', case when i % 5 = 0 then 'draft' else 'published' end
     from generate_series(1, 130) as i`,
    [velvet],
  );
});
afterAll(async () => {
  await t.close();
});

const list = (query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.request<Page>('GET', `/api/admin/events?${new URLSearchParams(query)}`, { token: manager.sessionId, headers });

/** Every page from the first, following nextCursor, with the cursors that led to each. */
async function everyPage(query: Record<string, string>) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const answer = await list(cursor ? { ...query, cursor } : query);
    expect(answer.status).toBe(200);
    pages.push(answer.body);
    cursor = answer.body.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

/** The events as the list should show them: the latest night first, then by id (as the pages split a night). */
async function expected(venueId?: number) {
  const { rows } = await t.sql.query<{ id: string }>(
    `select id from events ${venueId ? 'where venue_id = $1' : ''} order by night desc, id desc`,
    venueId ? [venueId] : [],
  );
  return rows.map((row) => row.id);
}

describe('the staff events list, a page at a time', () => {
  it('answers 50 by default, and pages that join to the whole list in order with nothing repeated or missed', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const pages = await everyPage({ limit: '25' });
    expect(pages.map((page) => page.events.length)).toEqual([25, 25, 25, 25, 25, 5]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const ids = pages.flatMap((page) => page.events.map((event) => event.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await expected());
    const nights = pages.flatMap((page) => page.events.map((event) => event.night));
    expect(nights).toEqual([...nights].sort().reverse());
    // A page of exactly the rest says there is no next one.
    const whole = await list({ limit: '100' });
    const rest = await list({ limit: '100', cursor: whole.body.nextCursor! });
    expect([rest.body.events.length, rest.body.nextCursor]).toEqual([30, null]);
  });

  it("pages one venue's list (by slug or id) the same way, with its events only", async () => {
    for (const venue of ['velvet-room', String(velvet)]) {
      const pages = await everyPage({ venue, limit: '7' });
      const events = pages.flatMap((page) => page.events);
      expect(new Set(events.map((event) => event.venueId))).toEqual(new Set([velvet]));
      expect(events.map((event) => event.id)).toEqual(await expected(velvet));
    }
    const firstVenue = (await everyPage({ venue: '1', limit: '40' })).flatMap((page) => page.events.map((event) => event.id));
    expect(firstVenue).toEqual(await expected(1));
  });

  it('keeps its place when an event is added between two pages: the rest comes once each, the new one in its place', async () => {
    const first = await list({ limit: '30' });
    const seen = first.body.events.map((event) => event.id);
    const lastNight = first.body.events.at(-1)!.night;
    // One added on the first page's last night and one far in the past (both after the cursor's
    // place by night or id, or before it: the rest of the list is read from the cursor on, afresh).
    const added = await t.sql.query<{ id: string }>(
      `insert into events (venue_id, slug, title, night, doors_open, last_entry)
       values (1, 'added-late', 'Added Late', $1, '22:00', '03:00'), (1, 'added-old', 'Added Old', date '2025-06-06', '22:00', '03:00')
       returning id`,
      [lastNight],
    );
    const rest = (await everyPage({ limit: '30', cursor: first.body.nextCursor! })).flatMap((page) =>
      page.events.map((event) => event.id),
    );
    const all = await expected();
    const position = all.indexOf(seen.at(-1)!);
    expect(all.slice(0, position + 1).filter((id) => !added.rows.some((row) => row.id === id))).toEqual(seen);
    expect(rest).toEqual(all.slice(position + 1));
    expect(rest).toContain(added.rows[1]!.id);
    expect(new Set([...seen, ...rest]).size).toBe(seen.length + rest.length);
    await t.sql.query(`delete from events where slug in ('added-late', 'added-old')`);
  });

  it('answers each page 304 while the list is unchanged, and afresh once an event is added', async () => {
    const first = await list({ limit: '20' });
    const second = await list({ limit: '20', cursor: first.body.nextCursor! });
    const [firstTag, secondTag] = [first.headers.get('etag')!, second.headers.get('etag')!];
    expect(secondTag).toMatch(/^W\/"[\w-]+"$/);
    expect(secondTag).not.toBe(firstTag);
    // Another page's tag is not this page's.
    expect((await list({ limit: '20', cursor: first.body.nextCursor! }, { 'if-none-match': firstTag })).status).toBe(200);
    expect((await list({ limit: '20', cursor: first.body.nextCursor! }, { 'if-none-match': secondTag })).status).toBe(304);
    const created = await t.request('POST', '/api/admin/events', {
      token: manager.sessionId,
      body: {
        title: 'Changed Night',
        night: '2025-01-03',
        doorsOpen: '22:00',
        lastEntry: '03:00',
        priceCents: 0,
        status: 'draft',
      },
    });
    expect([created.status, created.body]).toMatchObject([201, { title: 'Changed Night' }]);
    const after = await list({ limit: '20', cursor: first.body.nextCursor! }, { 'if-none-match': secondTag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(secondTag);
  });

  it('refuses a cursor it did not write, and a limit out of range, in words', async () => {
    for (const cursor of ['bm90LWEtY3Vyc29y', 'not a cursor', 'MjAyNi0wMS0wMlQwMDowMDowMC4wMDAwMDBafG5vcGU']) {
      const forged = await list({ cursor });
      expect({ cursor, status: forged.status }).toEqual({ cursor, status: 400 });
      expect(forged.body).toMatchObject({ issues: [{ path: 'cursor', message: 'is not a cursor from a previous page' }] });
    }
    for (const limit of ['0', '101', 'all']) {
      const refused = await list({ limit });
      expect({ limit, status: refused.status }).toEqual({ limit, status: 400 });
      expect((refused.body as unknown as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual(['limit']);
    }
    expect((await list({ limit: '101' })).body).toMatchObject({
      issues: [{ path: 'limit', message: 'must be between 1 and 100' }],
    });
    // An empty cursor is the first page, as clients often send it.
    expect((await list({ cursor: '', limit: '5' })).body.events.map((event) => event.id)).toEqual((await expected()).slice(0, 5));
  });
});
