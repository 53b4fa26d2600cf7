import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor.js';

const position = { createdAt: '2026-11-21T22:28:08.123456Z', id: '0b6f1a52-3c1e-4a8e-9d2f-5f2d7c1e9a10' };

describe('keyset cursor', () => {
  it('round-trips a position with its microseconds', () => {
    const cursor = encodeKeysetCursor(position);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeKeysetCursor(cursor)).toEqual(position);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$%'],
    ['no id', Buffer.from('2026-11-21T22:28:08.123456Z').toString('base64url')],
    ['millisecond instant', encodeKeysetCursor({ ...position, createdAt: '2026-11-21T22:28:08.123Z' })],
    ['impossible date', encodeKeysetCursor({ ...position, createdAt: '2026-13-45T22:28:08.123456Z' })],
    ['bad id', encodeKeysetCursor({ ...position, id: 'not-a-uuid' })],
    ['extra parts', Buffer.from(`${position.createdAt}|${position.id}|x`).toString('base64url')],
  ])('refuses a cursor it did not write (%s)', (_, cursor) => {
    expect(decodeKeysetCursor(cursor)).toBeNull();
  });
});
