import { jest } from '@jest/globals';
import { KeptFor } from './kept-for.js';

afterEach(() => jest.useRealTimers());

it('shares one read while fresh, reads again after, and on demand once forgotten', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z') });
  let reads = 0;
  const kept = new KeptFor(5_000, () => Promise.resolve(++reads));
  expect(await Promise.all([kept.get(), kept.get()])).toEqual([1, 1]);
  jest.setSystemTime(new Date('2026-11-30T12:00:05Z'));
  expect(await kept.get()).toBe(1);
  jest.setSystemTime(new Date('2026-11-30T12:00:05.001Z'));
  expect(await kept.get()).toBe(2);
  kept.forget();
  expect(await kept.get()).toBe(3);
});

it('keeps no failed read: the next call reads again', async () => {
  let reads = 0;
  const kept = new KeptFor(60_000, () => (++reads === 1 ? Promise.reject(new Error('database away')) : Promise.resolve(reads)));
  await expect(kept.get()).rejects.toThrow('database away');
  expect(await kept.get()).toBe(2);
  expect(await kept.get()).toBe(2);
});
