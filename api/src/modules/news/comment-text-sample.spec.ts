import { type CommentTextStats, narrowerTextPattern } from './comment-text-sample.service.js';

/** A sample of 100 comments: every one says "see you on the floor", one in ten also "vip". */
const wall: CommentTextStats = {
  nullShare: 0,
  common: [],
  histogram: Array.from({ length: 100 }, (_, i) => `see you on the floor #${i * 977}${i % 10 === 0 ? ' vip' : ''}`),
};

describe('narrowerTextPattern', () => {
  it('leaves a word most comments hold to the recheck and searches the index with the rare one', () => {
    expect(narrowerTextPattern('floor #424242', wall)).toBe('%#424242%');
  });

  it('keeps the words it leaves in their order, with what may stand between them', () => {
    expect(narrowerTextPattern('scarf on the floor by table 12', wall)).toBe('%scarf%by%table%12%');
  });

  it('judges words whatever their case, as ILIKE matches them', () => {
    expect(narrowerTextPattern('FLOOR Scarf', wall)).toBe('%Scarf%');
  });

  it('keeps a word one comment in ten holds: the index still narrows by it', () => {
    expect(narrowerTextPattern('vip scarf', wall)).toBeNull();
  });

  it('counts the most common texts by their share', () => {
    const stats: CommentTextStats = {
      nullShare: 0,
      common: [{ text: 'great night!', share: 0.3 }],
      histogram: Array.from({ length: 100 }, (_, i) => `comment ${i}`),
    };
    expect(narrowerTextPattern('great scarf', stats)).toBe('%scarf%');
  });

  it('escapes the wildcards of the words it keeps', () => {
    expect(narrowerTextPattern('floor 50%_off', wall)).toBe('%50\\%\\_off%');
  });

  it('keeps the whole pattern when every word is rare or every word is common', () => {
    expect(narrowerTextPattern('lost scarf', wall)).toBeNull();
    expect(narrowerTextPattern('see you on the floor', wall)).toBeNull();
  });

  it('keeps the whole pattern when the words left give the index no trigram to search by', () => {
    expect(narrowerTextPattern('floor 42', wall)).toBeNull();
    expect(narrowerTextPattern('the floor #1', wall)).toBeNull();
  });

  it('keeps the whole pattern without a sample to judge by', () => {
    expect(narrowerTextPattern('floor #424242', null)).toBeNull();
    expect(narrowerTextPattern('floor #424242', { ...wall, histogram: wall.histogram.slice(0, 10) })).toBeNull();
  });
});
