import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { GoogleWalletLinks } from './google-wallet.js';

/** The JWT's three parts, its signature checked with the test key's public half. */
function decode(jwt: string, publicKeyPem: string) {
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    createPublicKey(publicKeyPem),
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, any>,
  };
}

describe('a "Save to Google Wallet" link', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const links = new GoogleWalletLinks(
    {
      issuerId: '3388000000012345678',
      serviceAccountEmail: 'wallet@nocturne-test.iam.gserviceaccount.com',
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      origin: 'https://nocturne.example',
      issuerName: 'Nocturne',
    },
    () => new Date('2026-11-26T10:00:00Z'),
  );
  const coupon = {
    kind: 'coupon' as const,
    userCouponId: '5b0c8d2e-9f1a-4b3c-8d7e-6f5a4b3c2d1e',
    couponId: '11111111-2222-4333-8444-555555555555',
    title: 'Happy hour',
    value: '50% off',
    shortCode: 'K7QM-3XPD-2A9',
    expiresAt: new Date('2026-12-31T12:00:00Z'),
    redeemed: false,
  };

  it('is a JWT signed by the service account key, with the claims Google documents', () => {
    const url = links.link(coupon);
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const { valid, header, claims } = decode(url.split('/').at(-1)!, publicKeyPem);
    expect(valid).toBe(true);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      iss: 'wallet@nocturne-test.iam.gserviceaccount.com',
      aud: 'google',
      typ: 'savetowallet',
      iat: Math.floor(new Date('2026-11-26T10:00:00Z').getTime() / 1000),
      origins: ['https://nocturne.example'],
    });
    // Another key does not verify it.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(decode(url.split('/').at(-1)!, other).valid).toBe(false);
  });

  it('carries the coupon as an offer object of its class, the short code as a QR barcode', () => {
    const { claims } = decode(links.jwt(coupon), publicKeyPem);
    expect(claims['payload'].offerClasses).toEqual([
      expect.objectContaining({ id: '3388000000012345678.coupon-11111111-2222-4333-8444-555555555555', title: 'Happy hour' }),
    ]);
    expect(claims['payload'].offerObjects).toEqual([
      expect.objectContaining({
        id: '3388000000012345678.user-coupon-5b0c8d2e-9f1a-4b3c-8d7e-6f5a4b3c2d1e',
        classId: '3388000000012345678.coupon-11111111-2222-4333-8444-555555555555',
        state: 'ACTIVE',
        barcode: { type: 'QR_CODE', value: 'K7QM-3XPD-2A9', alternateText: 'K7QM-3XPD-2A9' },
        validTimeInterval: { end: { date: '2026-12-31T12:00:00.000Z' } },
      }),
    ]);
    expect(decode(links.jwt({ ...coupon, redeemed: true }), publicKeyPem).claims['payload'].offerObjects[0].state).toBe(
      'COMPLETED',
    );
  });

  it('carries the card as a loyalty object with the points balance', () => {
    const { claims } = decode(
      links.jwt({
        kind: 'card',
        cardId: 'c1',
        name: 'Alex',
        tier: 'gold',
        points: 120,
        qrPayload: '{"memberCardId":"c1"}',
        shortCode: 'K7QM-3XPD-2A9',
        guestList: 'Fri 4 Dec · +2 · free until 23:30',
      }),
      publicKeyPem,
    );
    expect(claims['payload'].loyaltyObjects[0]).toMatchObject({
      classId: '3388000000012345678.member-card',
      state: 'ACTIVE',
      loyaltyPoints: { label: 'Points', balance: { int: 120 } },
      barcode: { type: 'QR_CODE', value: '{"memberCardId":"c1"}', alternateText: 'K7QM-3XPD-2A9' },
      textModulesData: [
        { id: 'tier', header: 'Tier', body: 'gold' },
        { id: 'guest-list', header: 'Guest list', body: 'Fri 4 Dec · +2 · free until 23:30' },
      ],
    });
  });

  // Google's EventTicketClass: eventName (LocalizedString, required), eventId (at most 64
  // characters), venue {name, address} (LocalizedStrings), dateTime {doorsOpen, start, end} (ISO
  // 8601 extended, with an offset); EventTicketObject: id and classId "<issuer id>.<suffix>" of
  // letters, digits, '.', '_' or '-', state ACTIVE.
  it("carries an event night as an event ticket class and a new object of it, each save the saver's own", () => {
    const night = {
      kind: 'event' as const,
      eventId: '0e7c2f0a-5b8d-4c1e-9a3f-2d6b8e4c1a70',
      night: '2026-12-04',
      nightLabel: 'Fri 4 Dec 2026',
      title: 'Deep House Fridays',
      venueName: 'Nocturne',
      address: '88 Lonsdale Lane, Surry Hills, Australia',
      location: null,
      startsAt: '2026-12-04T22:00:00+11:00',
      endsAt: '2026-12-05T03:00:00+11:00',
      expiresAt: '2026-12-05T09:00:00+11:00',
      priceText: '$25',
      lineUp: ['Ana Lux', 'DJ Mara'],
      freeUntil: null,
      url: 'https://nocturne.example/whats-on/deep-house-fridays',
    };
    const { valid, claims } = decode(links.jwt(night), publicKeyPem);
    expect(valid).toBe(true);
    expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet', origins: ['https://nocturne.example'] });
    expect(Object.keys(claims['payload']).sort()).toEqual(['eventTicketClasses', 'eventTicketObjects']);
    const classId = '3388000000012345678.event-0e7c2f0a-5b8d-4c1e-9a3f-2d6b8e4c1a70-2026-12-04';
    const en = (value: string) => ({ defaultValue: { language: 'en-US', value } });
    expect(claims['payload'].eventTicketClasses).toEqual([
      {
        id: classId,
        issuerName: 'Nocturne',
        reviewStatus: 'UNDER_REVIEW',
        eventId: 'event-0e7c2f0a-5b8d-4c1e-9a3f-2d6b8e4c1a70-2026-12-04',
        eventName: en('Deep House Fridays'),
        venue: { name: en('Nocturne'), address: en('88 Lonsdale Lane, Surry Hills, Australia') },
        dateTime: { doorsOpen: night.startsAt, start: night.startsAt, end: night.endsAt },
      },
    ]);
    expect(claims['payload'].eventTicketClasses[0].eventId.length).toBeLessThanOrEqual(64);
    const [object] = claims['payload'].eventTicketObjects as Record<string, any>[];
    expect(object).toMatchObject({
      classId,
      state: 'ACTIVE',
      textModulesData: [
        { id: 'line-up', header: 'Line-up', body: 'Ana Lux, DJ Mara' },
        { id: 'entry', header: 'Entry', body: '$25' },
      ],
      linksModuleData: { uris: [{ id: 'page', uri: night.url, description: 'Deep House Fridays' }] },
    });
    expect(object!['id']).toMatch(new RegExp(`^${classId.replace(/\./g, '\\.')}-[0-9a-f-]{36}$`));
    expect(object!['id']).toMatch(/^[\w.-]+$/);
    // Two visitors saving the same night get objects of their own.
    expect(decode(links.jwt(night), publicKeyPem).claims['payload'].eventTicketObjects[0].id).not.toBe(object!['id']);
  });
});
