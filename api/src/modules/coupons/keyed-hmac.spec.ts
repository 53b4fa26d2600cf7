import { createHmac, randomBytes } from 'node:crypto';
import { keyedHmac } from './keyed-hmac.js';

describe('keyedHmac', () => {
  it.each([
    ['a 32-byte key', randomBytes(32)],
    ['a 64-byte key', randomBytes(64)],
    ['a key longer than a block (hashed first)', randomBytes(100)],
    ['an empty key', Buffer.alloc(0)],
  ])('gives the bytes createHmac gives, with %s, however often it is called', (_, key) => {
    const hmac = keyedHmac(key);
    for (const message of ['user-coupon:6f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f', '', 'é€ 🎟', 'x'.repeat(200)]) {
      const expected = createHmac('sha256', key).update(message).digest('hex');
      expect(hmac(message).toString('hex')).toBe(expected);
      expect(hmac(message).toString('hex')).toBe(expected);
    }
  });
});
