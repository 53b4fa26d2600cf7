import { importState, membersOutcome, parseImportInfo } from './import-outcome.js';

/** "Bulk import status info" (ActiveCampaign API v3 reference), its example, verbatim. */
const DOCUMENTED_EXAMPLE = '{"status":"completed","success":["123","124","125","126"],"failure":["invalid.email@invalidDomain"]}';

describe('a completed bulk import, read as ActiveCampaign documents it', () => {
  const members = [
    { id: 'a', email: 'new-1@example.com' },
    { id: 'b', email: 'new-2@example.com' },
    { id: 'c', email: 'new-3@example.com' },
    { id: 'd', email: 'new-4@example.com' },
    // Existing contacts AC updated: in neither list, and synced all the same.
    { id: 'e', email: 'already-there@example.com' },
    { id: 'f', email: 'Also.There@Example.com' },
    // The documented failure, in another case: failed.
    { id: 'g', email: 'Invalid.Email@InvalidDomain' },
  ];

  it('syncs every member but the one whose e-mail is in `failure` (compared case-insensitively)', () => {
    const info = parseImportInfo(JSON.parse(DOCUMENTED_EXAMPLE));
    expect(importState(info.status)).toBe('completed');
    const outcome = membersOutcome(members, info);
    expect(outcome.failed.map((m) => m.id)).toEqual(['g']);
    expect(outcome.synced.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('never reads `success` (contact ids) as e-mails: a member whose e-mail equals an id is not singled out', () => {
    const outcome = membersOutcome([{ id: 'x', email: '123' }], parseImportInfo(JSON.parse(DOCUMENTED_EXAMPLE)));
    expect(outcome.synced.map((m) => m.id)).toEqual(['x']);
  });
});

describe('import states', () => {
  it('completed settles, failed and interrupted fail, false and the queued states are still open', () => {
    expect(importState('completed')).toBe('completed');
    expect(importState('failed')).toBe('failed');
    expect(importState('interrupted')).toBe('failed');
    for (const open of [false, 'waiting', 'claimed', 'active'] as const) expect(importState(open)).toBe('open');
  });

  it('reads `status: false` (asked too soon) and missing lists without inventing a status', () => {
    expect(parseImportInfo({ status: false })).toEqual({ status: false, success: [], failure: [] });
    expect(parseImportInfo({})).toEqual({ status: false, success: [], failure: [] });
    expect(parseImportInfo({ status: 'active', success: null })).toEqual({ status: 'active', success: [], failure: [] });
  });
});
