import type { ApiConfig } from '#config/api-config.js';
import { MAX_HELD_SCOPES } from './held-versions.js';
import { ResourceVersions } from './resource-versions.js';

// A replica holds a bounded number of scopes, however many members change: what it does not hold
// reads as a floor that only rises, so an answer's ETag changes whenever its data may have changed
// (a full answer instead of a 304 at worst), never stays the same across a change.
const fresh = () => new ResourceVersions({ DATABASE_URL: 'postgresql://unused' } as ApiConfig);

it('reads a bulk change of every member (member:*) as a new version for each member, then tracks them one by one again', () => {
  const versions = fresh();
  versions.noteChange(5, ['member:a', 'members']);
  versions.noteChange(6, ['member:b']);
  expect(versions.version('member:a')).toBe('5');
  expect(versions.version('member:c')).toBe('0');

  versions.noteChange(9, ['member:*', 'members']);
  expect(['member:a', 'member:b', 'member:c'].map((scope) => versions.version(scope))).toEqual(['9', '9', '9']);
  expect(versions.version('members')).toBe('9');
  expect(versions.version('session:a')).toBe('0');
  expect(versions.heldScopes).toBe(1);

  versions.noteChange(12, ['member:a']);
  expect(versions.version('member:a')).toBe('12');
  expect(versions.version('member:b')).toBe('9');
});

it(`holds at most ${MAX_HELD_SCOPES} scopes; one that gave way reads at a floor above its last version, and changes again after its next change`, () => {
  const versions = fresh();
  versions.noteChange(1, ['coupons']);
  for (let i = 0; i < MAX_HELD_SCOPES + 5_000; i += 1) versions.noteChange(10 + i, [`member:${i}`]);
  expect(versions.heldScopes).toBeLessThanOrEqual(MAX_HELD_SCOPES);
  // Table scopes never give way.
  expect(versions.version('coupons')).toBe('1');
  // The oldest member gave way: its version moved up (its ETags change once), never back down.
  const gaveWay = Number(versions.version('member:0'));
  expect(gaveWay).toBeGreaterThan(10);
  // The newest is held as it was.
  expect(versions.version(`member:${MAX_HELD_SCOPES + 4_999}`)).toBe(String(10 + MAX_HELD_SCOPES + 4_999));
  const next = 10 + MAX_HELD_SCOPES + 5_000;
  versions.noteChange(next, ['member:0']);
  expect(versions.version('member:0')).toBe(String(next));
  expect(Number(versions.version('member:0'))).toBeGreaterThan(gaveWay);
});

it('applies a change seen twice (the load and its notification) once: a version never goes back', () => {
  const versions = fresh();
  versions.noteChange(20, ['member:a']);
  versions.noteChange(18, ['member:a']);
  expect(versions.version('member:a')).toBe('20');
});

it('tells a read which of its scopes changed after the generation it began at, whatever else changed meanwhile', () => {
  const versions = fresh();
  versions.noteChange(3, ['member:a']);
  const began = versions.generation;
  versions.noteChange(4, ['member:b', 'news']);
  expect(versions.changedSince(began, ['member:a', 'session:a'])).toBe(false);
  expect(versions.changedSince(began, ['member:b'])).toBe(true);
  versions.noteChange(5, ['session:a']);
  expect(versions.changedSince(began, ['member:a', 'session:a'])).toBe(true);
  // A read that began after the change does not see it as its own.
  expect(versions.changedSince(versions.generation, ['member:a', 'session:a'])).toBe(false);
});

it('counts a bulk change, or a change it no longer tells apart, as a change to every scope', () => {
  const versions = fresh();
  const beforeBulk = versions.generation;
  versions.noteChange(7, ['member:*', 'members']);
  expect(versions.changedSince(beforeBulk, ['member:a'])).toBe(true);
  expect(versions.changedSince(versions.generation, ['member:a'])).toBe(false);

  const beforeMany = versions.generation;
  versions.noteChange(8, ['member:first']);
  for (let i = 0; i < MAX_HELD_SCOPES; i += 1) versions.noteChange(9 + i, [`member:${i}`]);
  // member:first's change gave way to newer ones: a read begun before it must still hear of it.
  expect(versions.changedSince(beforeMany, ['member:first'])).toBe(true);
  expect(versions.changedSince(versions.generation, ['member:first'])).toBe(false);
});
