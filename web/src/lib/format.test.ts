import { describe, expect, it } from '@jest/globals';
import { countOf } from './format';

describe('countOf', () => {
  it.each([
    [0, 'view', '0 views'],
    [1, 'view', '1 view'],
    [2, 'like', '2 likes'],
    [1, 'comment', '1 comment'],
    [1, 'point', '1 point'],
    [1500, 'point', '1500 points'],
  ])('%i %s → %s', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });
});
