import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayPassCertificates, unzip } from '@nocturne/testing/wallet-passes';
import { type AppleSigning, buildApplePass } from './apple-pass.js';
import { PassSigner } from './pkpass.js';

/**
 * Signed with a throwaway certificate authority (throwawayPassCertificates): a root standing in for
 * Apple's WWDR intermediate and a pass certificate it signed. The pass's signature must verify
 * against that root and nothing else.
 */
describe('an Apple Wallet pass for a claimed coupon', () => {
  let dir: string;
  let signing: AppleSigning;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'nocturne-pass-ca-'));
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

  const coupon = {
    kind: 'coupon' as const,
    serialNumber: '5b0c8d2e-9f1a-4b3c-8d7e-6f5a4b3c2d1e',
    authenticationToken: 'a-token-of-at-least-sixteen-characters',
    title: 'Happy hour',
    value: '50% off',
    description: 'Any drink at the bar',
    shortCode: 'K7QM-3XPD-2A9',
    expiresAt: new Date('2026-12-31T12:00:00Z'),
    voided: false,
  };

  it('is signed, every file is in the manifest with its hash, and the signature verifies against the authority', () => {
    const started = performance.now();
    const archive = buildApplePass(signing, coupon);
    const ms = performance.now() - started;
    console.log(`apple pass built in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(150);

    const files = unzip(archive);
    expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'manifest.json', 'pass.json', 'signature']);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
    const hashed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(hashed);
    for (const name of hashed)
      expect({ name, sha1: manifest[name] }).toEqual({ name, sha1: createHash('sha1').update(files.get(name)!).digest('hex') });

    writeFileSync(path.join(dir, 'manifest.json'), files.get('manifest.json')!);
    writeFileSync(path.join(dir, 'signature'), files.get('signature')!);
    // A detached PKCS #7 signature of manifest.json, by the pass certificate, chained to the authority.
    const verify = (ca: string) =>
      execFileSync(
        'openssl',
        [
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
          ca,
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, stdio: 'pipe' },
      );
    expect(() => verify('ca.pem')).not.toThrow();
    // Another authority does not vouch for it.
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'other.key',
      '-out',
      'other.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Someone else',
    );
    expect(() => verify('other.pem')).toThrow();
    // Nor does the signature hold for a changed manifest.
    writeFileSync(
      path.join(dir, 'manifest.json'),
      files
        .get('manifest.json')!
        .toString()
        .replace(/"pass.json":"\w/, '"pass.json":"0'),
    );
    expect(() => verify('ca.pem')).toThrow();
  });

  it("carries the documented keys, the short code as the QR's message and text, the expiry and the venue's location", () => {
    const at = [{ latitude: -33.8688, longitude: 151.2093, relevantText: 'Show this at Nocturne' }];
    const pass = JSON.parse(
      unzip(buildApplePass(signing, coupon, at))
        .get('pass.json')!
        .toString(),
    ) as Record<string, any>;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.nocturne',
      teamIdentifier: 'TEAM123456',
      serialNumber: coupon.serialNumber,
      organizationName: 'Nocturne',
      authenticationToken: coupon.authenticationToken,
      webServiceURL: 'https://nocturne.example/api/wallet/apple',
      expirationDate: '2026-12-31T12:00:00.000Z',
      locations: [{ latitude: -33.8688, longitude: 151.2093, relevantText: 'Show this at Nocturne' }],
    });
    expect(typeof pass['description']).toBe('string');
    expect(pass['barcodes']).toEqual([
      { format: 'PKBarcodeFormatQR', message: 'K7QM-3XPD-2A9', messageEncoding: 'iso-8859-1', altText: 'K7QM-3XPD-2A9' },
    ]);
    expect(pass['coupon'].primaryFields).toEqual([{ key: 'value', label: 'Happy hour', value: '50% off' }]);
    expect(pass['voided']).toBeUndefined();
  });

  it('is void once redeemed', () => {
    const pass = JSON.parse(
      unzip(buildApplePass(signing, { ...coupon, voided: true }))
        .get('pass.json')!
        .toString(),
    ) as Record<string, unknown>;
    expect(pass['voided']).toBe(true);
  });

  it('lists at most the ten locations Apple reads, and none when no venue has a position', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ latitude: -33 - index / 10, longitude: 151 }));
    const pass = JSON.parse(
      unzip(buildApplePass(signing, coupon, many))
        .get('pass.json')!
        .toString(),
    ) as Record<string, any>;
    expect(pass['locations']).toEqual(many.slice(0, 10));
    const none = JSON.parse(unzip(buildApplePass(signing, coupon)).get('pass.json')!.toString()) as Record<string, any>;
    expect(none['locations']).toBeUndefined();
  });

  it("puts the member's coming guest-list night on the card pass, and nothing when there is none", () => {
    const card = {
      kind: 'card' as const,
      serialNumber: '5b0c8d2e-9f1a-4b3c-8d7e-6f5a4b3c2d1e',
      authenticationToken: 'a-token-of-at-least-sixteen-characters',
      name: 'Alex',
      tier: 'gold',
      points: 120,
      memberSince: new Date('2026-01-01T00:00:00Z'),
      qrPayload: '{"memberCardId":"c1"}',
      shortCode: 'K7QM-3XPD-2A9',
    };
    const read = (guestList: string | null) =>
      JSON.parse(
        unzip(buildApplePass(signing, { ...card, guestList }))
          .get('pass.json')!
          .toString(),
      ) as Record<string, any>;
    expect(read('Fri 4 Dec · +2 · free until 23:30')['storeCard'].auxiliaryFields).toEqual([
      { key: 'guestList', label: 'Guest list', value: 'Fri 4 Dec · +2 · free until 23:30', changeMessage: 'Guest list: %@' },
    ]);
    expect(read(null)['storeCard'].auxiliaryFields).toBeUndefined();
  });
});
