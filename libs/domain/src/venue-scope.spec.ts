import { clubNightOf } from './club-night.js';
import {
  appliesAtVenue,
  namesInWords,
  onlyAtMessage,
  venueWriteRefusal,
  visitCappedMessage,
  worksAtOnlyMessage,
} from './venue-scope.js';

describe('venue scope', () => {
  it('names venues in a sentence', () => {
    expect(onlyAtMessage(['The Velvet Room'])).toBe('Only at The Velvet Room');
    expect(onlyAtMessage(['The Velvet Room', 'Lantern Bar'])).toBe('Only at The Velvet Room and Lantern Bar');
    expect(namesInWords(['A', 'B', 'C'])).toBe('A, B and C');
    expect(worksAtOnlyMessage(['The Velvet Room'])).toBe('This account works at The Velvet Room only');
  });

  it('applies a thing with no venues everywhere, and one with venues at those only', () => {
    expect(appliesAtVenue([], 7)).toBe(true);
    expect(appliesAtVenue([2, 3], 3)).toBe(true);
    expect(appliesAtVenue([2, 3], 1)).toBe(false);
  });

  it('says why a visit past the cap pays nothing', () => {
    expect(visitCappedMessage('Casey', 1)).toBe(
      'Welcome, Casey: visit recorded, no points (one visit a night earn points across the group, already reached)',
    );
    expect(visitCappedMessage('Casey', 2)).toContain('(2 visits a night earn points');
  });

  it('the same instant is a different club night in Sydney and in London', () => {
    // Saturday 28 Nov 2026, 23:30 UTC: Sunday 10:30 in Sydney (Sunday's night began 06:00), 23:30 Saturday in London.
    const instant = new Date('2026-11-28T23:30:00Z');
    expect(clubNightOf(instant, 'Australia/Sydney')).toBe('2026-11-29');
    expect(clubNightOf(instant, 'Europe/London')).toBe('2026-11-28');
  });
});

describe('what an account of some venues may write', () => {
  const NAMES: Record<number, string> = { 1: 'Nocturne', 2: 'The Velvet Room', 3: 'Lantern Bar' };
  const names = (ids: readonly number[]) => ids.map((id) => NAMES[id]!);
  const velvet = { mine: [2], thing: 'coupon', names };

  it('writes for its own venues, new or already theirs', () => {
    expect(venueWriteRefusal({ ...velvet, after: [2] })).toBeNull();
    expect(venueWriteRefusal({ ...velvet, before: [2], after: [2] })).toBeNull();
    expect(venueWriteRefusal({ ...velvet, before: [2] })).toBeNull();
    expect(venueWriteRefusal({ ...velvet, mine: [2, 3], before: [2, 3], after: [3] })).toBeNull();
  });

  it('makes nothing for the whole group, and asks for its venue by name', () => {
    expect(venueWriteRefusal({ ...velvet, after: [] })).toEqual({
      message: 'Choose The Velvet Room: a coupon for the whole group is made by an admin or a group manager',
      field: 'venueIds',
    });
  });

  it('changes nothing of the whole group or of another venue', () => {
    expect(venueWriteRefusal({ ...velvet, thing: 'post', before: [] })?.message).toBe(
      'This post is for the whole group: only an admin or a group manager changes it',
    );
    expect(venueWriteRefusal({ ...velvet, before: [2, 3], after: [2] })?.message).toBe(
      'This coupon is also for Lantern Bar: this account works at The Velvet Room only',
    );
    expect(venueWriteRefusal({ ...velvet, before: [2], after: [2, 1] })).toEqual({
      message: 'This account works at The Velvet Room only',
      field: 'venueIds',
    });
  });
});
