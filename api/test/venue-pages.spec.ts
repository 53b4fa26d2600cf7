import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerAdmin, startTestApp, type TestApp } from '@nocturne/testing';

/*
 * The public site of a venue group: each open venue's page (/venues/:slug) rendered by the api
 * with its hours in its own zone and schema.org NightClub/BarOrPub JSON-LD, the app's scripts
 * kept for its booking form; the landing page naming the group's venues once there are several.
 */
const LANDING =
  '<!doctype html><html><head><title>Nocturne</title></head><body><div id="root"><main>landing</main></div></body></html>';
const SHELL =
  '<!doctype html><html><head><title>Nocturne</title><script type="module" src="/assets/boot-abc.js"></script></head><body><div id="root"></div></body></html>';

let dist: string;
let t: TestApp;
let adminToken: string;

const ldOf = (html: string) => {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no JSON-LD in ${html.slice(0, 200)}`);
  return JSON.parse(json) as Record<string, unknown>;
};
const page = async (url: string) => {
  const answer = await fetch(`${t.baseUrl}${url}`);
  return { status: answer.status, html: await answer.text(), type: answer.headers.get('content-type') };
};
const specFor = (ld: Record<string, unknown>, day: string) =>
  (ld['openingHoursSpecification'] as { dayOfWeek: string[]; opens: string; closes: string }[]).find((spec) =>
    spec.dayOfWeek.includes(day),
  );

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'nocturne-dist-'));
  writeFileSync(path.join(dist, 'index.html'), LANDING);
  writeFileSync(path.join(dist, 'app.html'), SHELL);
  t = await startTestApp({ WEB_DIST_DIR: dist, VENUE_TZ: 'Australia/Sydney', APP_URL: 'https://nocturne.example' });
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a single venue', () => {
  it('keeps the landing page exactly as built: no venue list in it', async () => {
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(landing.html).toBe(LANDING);
  });

  it("has its page as a NightClub on the install's hours and zone", async () => {
    const nocturne = await page('/venues/nocturne');
    expect(nocturne.status).toBe(200);
    expect(nocturne.html).toContain('<h1>Nocturne</h1>');
    expect(nocturne.html).toContain('88 Lonsdale Lane, Surry Hills NSW 2010, Australia');
    expect(nocturne.html).toContain('<dt>Thursday</dt><dd>19:00 – 04:00</dd>');
    expect(nocturne.html).toContain('<dt>Monday</dt><dd>20:00 – 04:00</dd>');
    expect(nocturne.html).toContain('Sydney time (Australia/Sydney)');
    // Not a group: no way back to a list of venues.
    expect(nocturne.html).not.toContain('All our venues');
    const ld = ldOf(nocturne.html);
    expect(ld).toMatchObject({ '@type': 'NightClub', name: 'Nocturne', url: 'https://nocturne.example/venues/nocturne' });
    expect(specFor(ld, 'Friday')).toMatchObject({ opens: '19:00', closes: '04:00' });
    expect(specFor(ld, 'Sunday')).toMatchObject({ opens: '20:00', closes: '04:00' });
  });
});

describe('a group of venues', () => {
  beforeAll(async () => {
    const created = await t.request('POST', '/api/admin/venues', {
      token: adminToken,
      body: {
        slug: 'the-velvet-room',
        name: 'The Velvet Room',
        kind: 'BarOrPub',
        address: { street: '12 Old Compton St', locality: 'London', postalCode: 'W1D 4TQ', country: 'United Kingdom' },
        phone: '+44 20 7000 0000',
        inboxEmail: 'velvet-inbox@example.com',
        timeZone: 'Europe/London',
        openingHours: { opensAtHour: [18, 17, 18, 18, 18, 18, 18], closesAtHour: 2, lastBookingHour: 0 },
        location: { latitude: 51.5136, longitude: -0.1318 },
      },
    });
    expect(created.status).toBe(201);
  });

  it("renders each venue's page: address, map, hours per weekday in its own zone, contact, and the app's scripts for its forms", async () => {
    const velvet = await page('/venues/the-velvet-room');
    expect(velvet.status).toBe(200);
    expect(velvet.type).toContain('text/html');
    const html = velvet.html;
    expect(html).toContain('<title>The Velvet Room — London</title>');
    expect(html).toContain('<h1>The Velvet Room</h1>');
    expect(html).toContain('12 Old Compton St, London W1D 4TQ, United Kingdom');
    expect(html).toContain('<dt>Monday</dt><dd>17:00 – 02:00</dd>');
    expect(html).toContain('<dt>Friday</dt><dd>18:00 – 02:00</dd>');
    expect(html).toContain('London time (Europe/London)');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&#38;query=51.5136%2C-0.1318"');
    expect(html).toContain('href="tel:+442070000000"');
    expect(html).toContain('<a href="/">All our venues</a>');
    // The content before the app's root, which renders the booking form; the app's script stays.
    expect(html).toMatch(/<div id="page">[\s\S]*<\/div><div id="root"><\/div>/);
    expect(html).toContain('<script type="module" src="/assets/boot-abc.js"></script>');
    // The venue for the app's forms, never its inbox address.
    const data = JSON.parse(/<script type="application\/json" id="venue-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({ slug: 'the-velvet-room', timeZone: 'Europe/London' });
    expect(html).not.toContain('velvet-inbox@example.com');
  });

  it('describes the venue as schema.org BarOrPub with its address, position and opening hours', async () => {
    const ld = ldOf((await page('/venues/the-velvet-room')).html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BarOrPub',
      name: 'The Velvet Room',
      url: 'https://nocturne.example/venues/the-velvet-room',
      telephone: '+44 20 7000 0000',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Old Compton St',
        addressLocality: 'London',
        postalCode: 'W1D 4TQ',
        addressCountry: 'United Kingdom',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 51.5136, longitude: -0.1318 },
    });
    // Every day once; a night past midnight closes "before" it opens, as schema.org reads it.
    const specs = ld['openingHoursSpecification'] as { '@type': string; dayOfWeek: string[] }[];
    expect(specs.flatMap((spec) => spec.dayOfWeek).sort()).toEqual(
      ['Friday', 'Monday', 'Saturday', 'Sunday', 'Thursday', 'Tuesday', 'Wednesday'].sort(),
    );
    expect(specs.every((spec) => spec['@type'] === 'OpeningHoursSpecification')).toBe(true);
    expect(specFor(ld, 'Monday')).toMatchObject({ opens: '17:00', closes: '02:00' });
    expect(specFor(ld, 'Saturday')).toMatchObject({ opens: '18:00', closes: '02:00' });
  });

  it('lists both venues in the landing page, as the group with its venues (JSON-LD the page reads)', async () => {
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(landing.html).toContain('<main>landing</main>');
    const group = ldOf(landing.html);
    expect(group).toMatchObject({ '@type': 'Organization', name: 'Nocturne' });
    const venues = group['subOrganization'] as Record<string, unknown>[];
    expect(venues.map((venue) => [venue['@type'], venue['name'], venue['url'], venue['identifier']])).toEqual([
      ['NightClub', 'Nocturne', 'https://nocturne.example/venues/nocturne', 'nocturne'],
      ['BarOrPub', 'The Velvet Room', 'https://nocturne.example/venues/the-velvet-room', 'the-velvet-room'],
    ]);
    // And as data the page reads to list them and offer them in its booking and contact forms.
    const data = JSON.parse(/<script type="application\/json" id="venue-group">([\s\S]*?)<\/script>/.exec(landing.html)![1]!);
    expect(data.map((venue: { slug: string; timeZone: string }) => [venue.slug, venue.timeZone])).toEqual([
      ['nocturne', 'Australia/Sydney'],
      ['the-velvet-room', 'Europe/London'],
    ]);
  });

  it('answers an unknown or archived venue with a 404 page', async () => {
    const unknown = await page('/venues/the-blue-room');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('No such venue');
    const created = await t.request<{ id: number }>('POST', '/api/admin/venues', {
      token: adminToken,
      body: { slug: 'the-old-bar', name: 'The Old Bar', kind: 'BarOrPub', address: { street: '1 Main St' } },
    });
    expect(created.status).toBe(201);
    expect((await page('/venues/the-old-bar')).status).toBe(200);
    const archived = await t.request('POST', `/api/admin/venues/${created.body.id}/archive`, { token: adminToken });
    expect(archived.status).toBeLessThan(300);
    const gone = await page('/venues/the-old-bar');
    expect(gone.status).toBe(404);
    expect(gone.html).not.toContain('The Old Bar');
  });
});
