import { jest } from '@jest/globals';
import type { ApiConfig } from '#config/api-config.js';
import { ResourceVersions } from './resource-versions.js';
import { VersionedMemo } from './versioned-memo.js';

function liveVersions(): ResourceVersions {
  const versions = new ResourceVersions({ DATABASE_URL: 'postgresql://unused' } as ApiConfig);
  Object.defineProperty(versions, 'ready', { get: () => true });
  return versions;
}

afterEach(() => jest.useRealTimers());

it('reads once while the scopes stay where they were, and again once one moves', async () => {
  const versions = liveVersions();
  const memo = new VersionedMemo<number>(versions, ['members', 'point_transactions']);
  let reads = 0;
  const read = () => Promise.resolve(++reads);
  expect(await Promise.all([memo.get(read), memo.get(read), memo.get(read)])).toEqual([1, 1, 1]);
  versions.noteChange(7, ['coupons']);
  expect(await memo.get(read)).toBe(1);
  versions.noteChange(8, ['point_transactions']);
  expect(await memo.get(read)).toBe(2);
  // A bulk change of every member moves the members' owner scopes, not the members table: held.
  versions.noteChange(9, ['member:*']);
  expect(await memo.get(read)).toBe(2);
});

it('reads again after its clock ticks, for what has no version', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-26T12:00:01Z') });
  const memo = new VersionedMemo<number>(liveVersions(), ['members'], 15);
  let reads = 0;
  const read = () => Promise.resolve(++reads);
  expect(await memo.get(read)).toBe(1);
  jest.setSystemTime(new Date('2026-11-26T12:00:14Z'));
  expect(await memo.get(read)).toBe(1);
  jest.setSystemTime(new Date('2026-11-26T12:00:15Z'));
  expect(await memo.get(read)).toBe(2);
});

it('keeps no failed read, and reads every time while versions cannot be vouched for', async () => {
  const versions = liveVersions();
  const memo = new VersionedMemo<number>(versions, ['members']);
  await expect(memo.get(() => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
  expect(await memo.get(() => Promise.resolve(5))).toBe(5);
  const down = new VersionedMemo<number>(new ResourceVersions({ DATABASE_URL: 'postgresql://unused' } as ApiConfig), ['members']);
  let reads = 0;
  await down.get(() => Promise.resolve(++reads));
  await down.get(() => Promise.resolve(++reads));
  expect(reads).toBe(2);
});

it('holds one thing at a time: asking for another replaces it, and the next asks share the new one', async () => {
  const versions = liveVersions();
  const memo = new VersionedMemo<string>(versions, ['members'], 15);
  let reads = 0;
  const read = (what: string) => () => Promise.resolve(`${what}#${++reads}`);
  // The first overview of the day counts all eight nights; from then on only tonight is counted.
  expect(await memo.get(read('eight nights'), 'eight nights')).toBe('eight nights#1');
  expect(await memo.get(read('tonight'), 'tonight')).toBe('tonight#2');
  expect(await memo.get(read('tonight'), 'tonight')).toBe('tonight#2');
  expect(await memo.get(read('tonight'), 'tonight')).toBe('tonight#2');
});
