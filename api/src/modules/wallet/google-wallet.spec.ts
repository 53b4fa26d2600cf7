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
});
