import { addDays, clubNightOf } from '@nocturne/domain';
import { registerAdmin, startTestApp, type TestApp } from '@nocturne/testing';

// The pages the api renders (What's on, a night's page) carry staff-entered text: a title, a
// line-up, a venue's name and address. Whatever staff type, a visitor's browser runs no script
// from it, the page's markup stays whole, and the JSON-LD search engines read still parses to
// exactly what was typed.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

const HOSTILE = {
  title: `Night </script><script>alert(1)</script> & "friends"`,
  performer: `<img src=x onerror=alert(2)>`,
  dressCode: `'; alert(3); '`,
  venue: `Velvet </script><svg onload=alert(4)> Room`,
  street: `1 <b>Bold</b> Street`,
};

beforeAll(async () => {
  t = await startTestApp({ VENUE_TZ: 'Europe/London', APP_URL: 'https://nocturne.example' });
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

/** Everything a browser would run or fetch: scripts other than JSON-LD, and event-handler attributes. */
function executable(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b(?![^>]*application\/ld\+json)[^>]*>/gi)].map((m) => m[0]);
  // A tag's attributes with their quoted values taken out: what is left names the attributes.
  const handlers = [...html.matchAll(/<[a-z][^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => /\son[a-z]+\s*=/i.test(tag.replace(/"[^"]*"|'[^']*'/g, '""')));
  return [...scripts, ...handlers];
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

it("What's on and a night's page show hostile staff text as text, and its JSON-LD round-trips it", async () => {
  const venue = await t.request('POST', '/api/admin/venues', {
    token: admin.sessionId,
    body: {
      slug: 'velvet-room',
      name: HOSTILE.venue,
      kind: 'NightClub',
      address: { street: HOSTILE.street, locality: 'London', region: '', postalCode: 'E1 6AN', country: 'United Kingdom' },
      phone: '+44 20 7946 0000',
      timeZone: 'Europe/London',
    },
  });
  // Stored as typed: it is escaped where it is shown.
  expect([venue.status, venue.body.name]).toEqual([201, HOSTILE.venue]);
  const venueId = venue.body.id as number;
  const tonight = clubNightOf(new Date(), 'Europe/London');
  const created = await t.request<{ id: string; slug: string }>('POST', '/api/admin/events', {
    token: admin.sessionId,
    body: {
      venueId,
      title: HOSTILE.title,
      description: HOSTILE.performer,
      lineUp: [HOSTILE.performer, 'DJ Mara'],
      night: addDays(tonight, 3),
      doorsOpen: '22:00',
      lastEntry: '03:00',
      agePolicy: '18+',
      priceCents: 1500,
      currency: 'GBP',
      dressCode: HOSTILE.dressCode,
      capacity: 300,
      status: 'published',
    },
  });
  expect(created.status).toBe(201);

  for (const path of ['/whats-on', `/whats-on/${created.body.slug}`]) {
    const html = await (await fetch(`${t.baseUrl}${path}`)).text();
    expect({ path, executable: executable(html) }).toEqual({ path, executable: [] });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Bold</b>');
    expect(html).toContain('Night &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;friends&#34;');
  }
  const page = await (await fetch(`${t.baseUrl}/whats-on/${created.body.slug}`)).text();
  const [event] = jsonLd(page) as { name: string; performer: { name: string }[]; location: { name: string } }[];
  expect(event!.name).toBe(HOSTILE.title);
  expect(event!.performer.map((p) => p.name)).toContain(HOSTILE.performer);
  expect(event!.location.name).toBe(HOSTILE.venue);
});
