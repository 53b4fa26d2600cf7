import { parseLsn } from './held-versions.js';

describe('parseLsn', () => {
  it('orders WAL positions as PostgreSQL does, across the 32-bit boundary', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(parseLsn('0/A') > parseLsn('0/9')).toBe(true);
  });
});
