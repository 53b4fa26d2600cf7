import { signUpload, uploadSigningKey, verifyUpload } from './upload-signature.js';

const secret = uploadSigningKey('q'.repeat(32));
const key = 'news/0b6f3c2e-8a1d-4f7e-9c3b-2d5e6f7a8b9c.png';

describe('local upload signatures', () => {
  const now = 1_800_000_000;
  const signature = signUpload(secret, key, 'image/png', now + 60);

  it('verifies the key, type and expiry it was made for', () => {
    expect(verifyUpload(secret, { key, contentType: 'image/png', expires: now + 60, signature }, now)).toBe('valid');
  });

  it('is invalid for any other key, type, expiry or secret, and for junk', () => {
    expect(
      verifyUpload(secret, { key: key.replace('0b6f', '1b6f'), contentType: 'image/png', expires: now + 60, signature }, now),
    ).toBe('invalid');
    expect(verifyUpload(secret, { key, contentType: 'image/gif', expires: now + 60, signature }, now)).toBe('invalid');
    expect(verifyUpload(secret, { key, contentType: 'image/png', expires: now + 6000, signature }, now)).toBe('invalid');
    expect(
      verifyUpload(uploadSigningKey('r'.repeat(32)), { key, contentType: 'image/png', expires: now + 60, signature }, now),
    ).toBe('invalid');
    expect(verifyUpload(secret, { key, contentType: 'image/png', expires: now + 60, signature: 'zz' }, now)).toBe('invalid');
  });

  it('expires', () => {
    expect(verifyUpload(secret, { key, contentType: 'image/png', expires: now + 60, signature }, now + 61)).toBe('expired');
  });

  it('uses a key distinct from the QR secret itself', () => {
    expect(secret).not.toBe('q'.repeat(32));
    expect(uploadSigningKey(undefined)).toMatch(/^[0-9a-f]{64}$/);
  });
});
