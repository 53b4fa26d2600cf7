import { countsAsWrongCode, isGuessable, readDoorText, scannedTextOf } from './door-text.js';

const ID = '6f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f';

describe('reading what door mode sent', () => {
  it("tells a coupon's QR payload from a card's", () => {
    expect(readDoorText(JSON.stringify({ userCouponId: ID, token: 'abc' }))).toEqual({
      kind: 'coupon',
      userCouponId: ID,
      token: 'abc',
    });
    expect(readDoorText(JSON.stringify({ memberCardId: ID, token: 'abc' }))).toEqual({
      kind: 'card',
      memberCardId: ID,
      token: 'abc',
    });
  });

  it('reads braces holding none of our payloads as a payload of something else, never as a code', () => {
    for (const text of ['{"hello":"world"}', JSON.stringify({ userCouponId: 'not-a-uuid', token: 'x' }), '{"memberCardId":1}'])
      expect(readDoorText(text)).toEqual({ kind: 'payload' });
  });

  it('reads a short code in any case, with spaces, hyphens or dashes, I and L as 1, O as 0', () => {
    for (const text of ['K7QM-3XPD-2A9', 'k7qm 3xpd 2a9', 'K7QM3XPD2A9', 'k7qm–3xpd–2a9'])
      expect(readDoorText(text)).toEqual({ kind: 'code', code: 'K7QM3XPD2A9' });
    expect(readDoorText('ILO0-0000-000')).toEqual({ kind: 'code', code: '11000000000' });
  });

  it('leaves anything else as text: a template code, a URL, a code of the wrong length or with U', () => {
    for (const text of ['FIRSTROUND', 'https://example.com', 'K7QM-3XPD-2A', 'UUUU-UUUU-UUU', '{not json'])
      expect(readDoorText(text)).toEqual({ kind: 'other', text });
  });
});

describe('the typed-code limit', () => {
  it('applies to every text that is not a QR payload, however it arrived', () => {
    expect(isGuessable(readDoorText('K7QM-3XPD-2A9'))).toBe(true);
    expect(isGuessable(readDoorText('FIRSTROUND'))).toBe(true);
    expect(isGuessable(readDoorText(JSON.stringify({ userCouponId: ID, token: 'abc' })))).toBe(false);
    expect(isGuessable(readDoorText('{"hello":"world"}'))).toBe(false);
  });

  it('counts a miss shaped like a code whatever the method, and other text only when typed', () => {
    expect(countsAsWrongCode(readDoorText('K7QM-3XPD-2A9'), 'scan')).toBe(true);
    expect(countsAsWrongCode(readDoorText('K7QM-3XPD-2A9'), 'typed')).toBe(true);
    expect(countsAsWrongCode(readDoorText('hello'), 'typed')).toBe(true);
    expect(countsAsWrongCode(readDoorText('https://example.com'), 'scan')).toBe(false);
    expect(countsAsWrongCode(readDoorText('{"hello":"world"}'), 'typed')).toBe(false);
  });
});

describe('the scan log', () => {
  it('names a payload by its id and anything else by the text as sent', () => {
    const coupon = JSON.stringify({ userCouponId: ID, token: 'abc' });
    expect(scannedTextOf(readDoorText(coupon), coupon)).toBe(ID);
    expect(scannedTextOf(readDoorText('k7qm 3xpd 2a9'), 'k7qm 3xpd 2a9')).toBe('k7qm 3xpd 2a9');
  });
});
