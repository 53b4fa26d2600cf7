import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayPassCertificates, unzip } from '@nocturne/testing/wallet-passes';
import type { AppleSigning } from './apple-pass.js';
import { buildEventPass, type EventPassContent } from './event-pass.js';
import { PassSigner } from './pkpass.js';

/** ISO 8601 with a UTC offset, as Apple's pass.json reference asks of `relevantDate` and date fields. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
/** Apple's PKDateStyle values. */
const DATE_STYLES = ['PKDateStyleNone', 'PKDateStyleShort', 'PKDateStyleMedium', 'PKDateStyleLong', 'PKDateStyleFull'];

const night: EventPassContent = {
  eventId: '0e7c2f0a-5b8d-4c1e-9a3f-2d6b8e4c1a70',
  night: '2026-12-04',
  nightLabel: 'Fri 4 Dec 2026',
  title: 'Deep House Fridays',
  venueName: 'Nocturne',
  address: '88 Lonsdale Lane, Surry Hills, NSW, 2010, Australia',
  location: { latitude: -33.8688, longitude: 151.2093 },
  startsAt: '2026-12-04T22:00:00+11:00',
  endsAt: '2026-12-05T03:00:00+11:00',
  expiresAt: '2026-12-05T09:00:00+11:00',
  priceText: '$25',
  lineUp: ['Ana Lux', 'DJ Mara'],
  freeUntil: '23:30',
  url: 'https://nocturne.example/whats-on/deep-house-fridays',
};

// A throwaway authority (standing in for Apple's WWDR) and a pass certificate it signed.
describe("an event night's Apple Wallet pass", () => {
  let dir: string;
  let signing: AppleSigning;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-event-pass-'));
    throwawayPassCertificates(dir, 'pass.test.nocturne');
    signing = {
      passTypeId: 'pass.test.nocturne',
      teamId: 'TEAM123456',
      signer: new PassSigner({
        signerCert: readFileSync(path.join(dir, 'pass.pem'), 'utf8'),
        signerKey: readFileSync(path.join(dir, 'pass.key'), 'utf8'),
        wwdr: readFileSync(path.join(dir, 'ca.pem'), 'utf8'),
      }),
      webServiceUrl: 'https://nocturne.example/api/wallet/apple',
      organizationName: 'Nocturne',
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is an eventTicket with the keys Apple documents, on the lock screen from doors open, over after the night', () => {
    const files = unzip(buildEventPass(signing, night));
    expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'manifest.json', 'pass.json', 'signature']);
    const pass = JSON.parse(files.get('pass.json')!.toString()) as Record<string, any>;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.nocturne',
      teamIdentifier: 'TEAM123456',
      serialNumber: `event-${night.eventId}-2026-12-04`,
      organizationName: 'Nocturne',
      description: 'Deep House Fridays at Nocturne, Fri 4 Dec 2026',
      relevantDate: '2026-12-04T22:00:00+11:00',
      locations: [{ latitude: -33.8688, longitude: 151.2093, relevantText: 'Deep House Fridays at Nocturne' }],
    });
    expect(pass['relevantDate']).toMatch(ISO_WITH_OFFSET);
    expect(pass['expirationDate']).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(pass['expirationDate'])).toBeGreaterThan(Date.parse(night.endsAt));
    // Anonymous and not updatable: no web service to register with.
    expect(pass['webServiceURL']).toBeUndefined();
    expect(pass['authenticationToken']).toBeUndefined();
    expect(pass['storeCard']).toBeUndefined();

    const ticket = pass['eventTicket'];
    expect(ticket.primaryFields).toEqual([{ key: 'event', label: 'Fri 4 Dec 2026', value: 'Deep House Fridays' }]);
    expect(ticket.secondaryFields).toEqual([
      { key: 'venue', label: 'Venue', value: 'Nocturne' },
      expect.objectContaining({ key: 'doors', label: 'Doors', value: '2026-12-04T22:00:00+11:00', ignoresTimeZone: true }),
    ]);
    expect(ticket.auxiliaryFields).toEqual([
      expect.objectContaining({ key: 'lastEntry', value: '2026-12-05T03:00:00+11:00', ignoresTimeZone: true }),
      { key: 'price', label: 'Entry', value: '$25' },
    ]);
    const back = Object.fromEntries(
      (ticket.backFields as { key: string; value: string }[]).map((field) => [field.key, field.value]),
    );
    expect(back).toMatchObject({ lineUp: 'Ana Lux\nDJ Mara', page: night.url });
    expect(back['address']).toContain('88 Lonsdale Lane');
    // Every field: a unique key and a value; a date field's value ISO 8601 and its styles Apple's.
    const fields = ['primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((group) => ticket[group]);
    expect(new Set(fields.map((field: { key: string }) => field.key)).size).toBe(fields.length);
    for (const field of fields) {
      expect(typeof field.key).toBe('string');
      expect(field.value).toBeDefined();
      if (field.dateStyle) {
        expect(field.value).toMatch(ISO_WITH_OFFSET);
        expect(DATE_STYLES).toContain(field.dateStyle);
        expect(DATE_STYLES).toContain(field.timeStyle);
      }
    }
    expect(pass['semantics']).toMatchObject({
      eventName: 'Deep House Fridays',
      venueName: 'Nocturne',
      eventStartDate: night.startsAt,
      eventEndDate: night.endsAt,
      performerNames: ['Ana Lux', 'DJ Mara'],
    });

    // The manifest hashes every file, and the signature of the manifest verifies against the authority.
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(['icon.png', 'icon@2x.png', 'pass.json']);
    for (const [name, sha1] of Object.entries(manifest))
      expect({ name, sha1 }).toEqual({ name, sha1: createHash('sha1').update(files.get(name)!).digest('hex') });
    writeFileSync(path.join(dir, 'manifest.json'), files.get('manifest.json')!);
    writeFileSync(path.join(dir, 'signature'), files.get('signature')!);
    expect(() =>
      openssl(
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        'ca.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ),
    ).not.toThrow();
  });

  it('has no locations when the venue has no position, and no line-up field without a line-up', () => {
    const pass = JSON.parse(
      unzip(buildEventPass(signing, { ...night, location: null, lineUp: [], freeUntil: null }))
        .get('pass.json')!
        .toString(),
    ) as Record<string, any>;
    expect(pass['locations']).toBeUndefined();
    expect(pass['semantics'].venueLocation).toBeUndefined();
    expect((pass['eventTicket'].backFields as { key: string }[]).map((field) => field.key)).toEqual(['address', 'page']);
  });
});
