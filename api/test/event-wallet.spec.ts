import { APPLE_WALLET_OFF, addDays, clubNightOf, EVENT_NIGHT_OVER, GOOGLE_WALLET_OFF } from '@nocturne/domain';
import { registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayPassCertificates, unzip } from '@nocturne/testing/wallet-passes';

const PASS_TYPE_ID = 'pass.test.nocturne';
const ISSUER = '3388000000012345678';
const TZ = 'Australia/Sydney';

/** A published (or draft) event of a manager, `inDays` club nights from tonight in the venue's zone. */
async function createEvent(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await t.request<{ id: string; slug: string }>('POST', '/api/admin/events', {
    token,
    body: {
      title: 'Deep House Fridays',
      description: 'Four rooms, one night.',
      lineUp: ['Ana Lux', 'DJ Mara'],
      night: addDays(clubNightOf(new Date(), TZ), 3),
      doorsOpen: '22:00',
      lastEntry: '03:00',
      agePolicy: '18+',
      priceCents: 2500,
      currency: 'AUD',
      dressCode: 'Smart',
      capacity: 400,
      status: 'published',
      guestList: { capacity: 20, freeUntil: '23:30', cutoff: '21:00' },
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The page's HTML, checked to carry no script but its JSON-LD (the page needs no JavaScript). */
async function page(t: TestApp, slug: string): Promise<string> {
  const answer = await fetch(`${t.baseUrl}/whats-on/${slug}`);
  expect(answer.status).toBe(200);
  const html = await answer.text();
  expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
  return html;
}

describe("an event night's Wallet passes, both wallets configured", () => {
  let t: TestApp;
  let dir: string;
  let manager: string;
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-event-wallet-'));
    throwawayPassCertificates(dir, PASS_TYPE_ID);
    writeFileSync(path.join(dir, 'google.pem'), google.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    t = await startTestApp({
      VENUE_TZ: TZ,
      APP_URL: 'https://nocturne.example',
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_PASS_CERT_FILE: path.join(dir, 'pass.pem'),
      APPLE_PASS_KEY_FILE: path.join(dir, 'pass.key'),
      APPLE_WWDR_CERT_FILE: path.join(dir, 'ca.pem'),
      WALLET_VENUE_LOCATION: '-33.8688,151.2093',
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@nocturne-test.iam.gserviceaccount.com',
      GOOGLE_WALLET_KEY_FILE: path.join(dir, 'google.pem'),
    });
    manager = (await registerStaff(t, 'manager')).sessionId;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('links both wallets from the page, still without JavaScript', async () => {
    const created = await createEvent(t, manager, { title: 'Wallet Night' });
    const html = await page(t, created.slug);
    const night = addDays(clubNightOf(new Date(), TZ), 3);
    expect(html).toContain(
      `<a class="wo-button" href="/api/events/${created.slug}/wallet/apple?night=${night}" rel="nofollow">Add to Apple Wallet</a>`,
    );
    expect(html).toContain(
      `href="/api/events/${created.slug}/wallet/google?night=${night}" rel="nofollow">Save to Google Wallet</a>`,
    );
  });

  it("serves the night's eventTicket pass to anyone, in the venue's time, near the venue", async () => {
    const created = await createEvent(t, manager, { title: 'Pass Night' });
    const night = addDays(clubNightOf(new Date(), TZ), 3);
    const answer = await fetch(`${t.baseUrl}/api/events/${created.slug}/wallet/apple?night=${night}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${created.slug}-${night}.pkpass"`);
    const files = unzip(Buffer.from(await answer.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'manifest.json', 'pass.json', 'signature']);
    const pass = JSON.parse(files.get('pass.json')!.toString()) as Record<string, any>;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: 'TEAM123456',
      serialNumber: `event-${created.id}-${night}`,
      organizationName: 'Nocturne',
      relevantDate: expect.stringMatching(new RegExp(`^${night}T22:00:00\\+1[01]:00$`)),
      locations: [{ latitude: -33.8688, longitude: 151.2093, relevantText: 'Pass Night at Nocturne' }],
      eventTicket: {
        primaryFields: [{ key: 'event', value: 'Pass Night' }],
        secondaryFields: [
          { key: 'venue', value: 'Nocturne' },
          { key: 'doors', value: pass['relevantDate'] },
        ],
      },
    });
    expect(pass['eventTicket'].auxiliaryFields).toContainEqual({ key: 'price', label: 'Entry', value: '$25' });
    expect(Date.parse(pass['expirationDate'])).toBeGreaterThan(Date.parse(pass['eventTicket'].auxiliaryFields[0].value));
    expect(pass['webServiceURL']).toBeUndefined();
  });

  it('redirects to a "Save to Google Wallet" link of the night, signed by the service account', async () => {
    const created = await createEvent(t, manager, { title: 'Google Night' });
    const answer = await fetch(`${t.baseUrl}/api/events/${created.slug}/wallet/google`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const [head, body, signature] = location.split('/').at(-1)!.split('.') as [string, string, string];
    const publicKey = createPublicKey(google.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(verify('sha256', Buffer.from(`${head}.${body}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, any>;
    expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet', origins: ['https://nocturne.example'] });
    expect(claims['payload'].eventTicketClasses[0]).toMatchObject({
      eventName: { defaultValue: { language: 'en-US', value: 'Google Night' } },
      venue: { name: { defaultValue: { value: 'Nocturne' } } },
    });
    expect(claims['payload'].eventTicketObjects[0]).toMatchObject({ state: 'ACTIVE' });
  });

  it('answers 404 in words for a draft, a night the event does not run, and a night that is over', async () => {
    const draft = await createEvent(t, manager, { title: 'Draft Night', status: 'draft' });
    const drafted = await t.request('GET', `/api/events/${draft.id}/wallet/apple`);
    expect({ status: drafted.status, message: drafted.body.message }).toEqual({ status: 404, message: 'No such event' });
    expect((await fetch(`${t.baseUrl}/api/events/${draft.id}/wallet/google`, { redirect: 'manual' })).status).toBe(404);

    const once = await createEvent(t, manager, { title: 'Once Night' });
    const other = await t.request('GET', `/api/events/${once.slug}/wallet/apple?night=2031-01-03`);
    expect({ status: other.status, message: other.body.message }).toEqual({
      status: 404,
      message: 'That event does not run that night',
    });

    const past = await createEvent(t, manager, { title: 'Past Night' });
    await t.sql.query(`update events set night = $2 where id = $1`, [past.id, addDays(clubNightOf(new Date(), TZ), -3)]);
    for (const wallet of ['apple', 'google']) {
      const over = await t.request('GET', `/api/events/${past.slug}/wallet/${wallet}`);
      expect({ wallet, status: over.status, message: over.body.message }).toEqual({
        wallet,
        status: 404,
        message: EVENT_NIGHT_OVER,
      });
    }
    // Its page still shows, without the wallet links.
    const html = await page(t, past.slug);
    expect(html).not.toContain('Wallet');
  });
});

describe("an event's page with no wallet configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ VENUE_TZ: TZ });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows no wallet link, and the endpoints say each wallet is off', async () => {
    const created = await createEvent(t, (await registerStaff(t, 'manager')).sessionId);
    const html = await page(t, created.slug);
    expect(html).toContain('Add to calendar (.ics)');
    expect(html).not.toContain('Wallet');
    const apple = await t.request('GET', `/api/events/${created.slug}/wallet/apple`);
    expect({ status: apple.status, message: apple.body.message }).toEqual({ status: 404, message: APPLE_WALLET_OFF });
    const google = await t.request('GET', `/api/events/${created.slug}/wallet/google`);
    expect({ status: google.status, message: google.body.message }).toEqual({ status: 404, message: GOOGLE_WALLET_OFF });
  });
});
