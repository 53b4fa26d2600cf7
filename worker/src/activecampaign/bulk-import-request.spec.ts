import type { AcContact } from './ac-contact.js';
import { BULK_IMPORT_LIMITS, bulkImportBody, splitForBulkImport } from './bulk-import-request.js';

const contact = (n: number, firstName = 'Guest'): AcContact => ({
  email: `guest-${n}@example.com`,
  firstName,
  lastName: `Number ${n}`,
  fieldValues: [{ field: '7', value: 'gold' }],
  subscribed: n % 2 === 0,
});
const contacts = (count: number, firstName?: string) => Array.from({ length: count }, (_, n) => contact(n, firstName));
const identity = (c: AcContact) => c;
const bytesOf = (group: AcContact[], listId?: string) => Buffer.byteLength(bulkImportBody(group, listId));

describe('splitForBulkImport', () => {
  it('cuts 10,001 small contacts into groups of at most 250, in order, none lost', () => {
    const all = contacts(10_001);
    const groups = splitForBulkImport(all, identity);
    expect(groups.map((g) => g.length)).toEqual([...Array(40).fill(250), 1]);
    expect(groups.flat()).toEqual(all);
  });

  it('cuts by bytes: 250 contacts of 2 kB each do not fit 400,000 bytes, and each request body stays within it', () => {
    const all = contacts(250, 'é'.repeat(1_000)); // 2,000 bytes of UTF-8 each, 1,000 characters
    const groups = splitForBulkImport(all, identity, '3');
    expect(groups.length).toBe(2);
    for (const group of groups) expect(bytesOf(group, '3')).toBeLessThanOrEqual(400_000);
    // Greedy: the first request is as full as the limit allows.
    expect(bytesOf([...groups[0]!, groups[1]![0]!], '3')).toBeGreaterThan(400_000);
    expect(groups.flat()).toEqual(all);
  });

  it('measures the exact body: a group filling the limit to the byte is kept whole, one byte more is split', () => {
    const two = contacts(2);
    const exact = bytesOf(two);
    expect(splitForBulkImport(two, identity, undefined, { ...BULK_IMPORT_LIMITS, maxBytes: exact })).toHaveLength(1);
    expect(splitForBulkImport(two, identity, undefined, { ...BULK_IMPORT_LIMITS, maxBytes: exact - 1 })).toHaveLength(2);
  });

  it('gives a contact too large for any request a group of its own', () => {
    const huge = contact(1, 'x'.repeat(500_000));
    const groups = splitForBulkImport([contact(0), huge, contact(2)], identity);
    expect(groups.map((g) => g.map((c) => c.email))).toEqual([
      ['guest-0@example.com'],
      ['guest-1@example.com'],
      ['guest-2@example.com'],
    ]);
  });
});

describe('bulkImportBody', () => {
  it('writes the documented contact shape: snake_case names, custom fields by numeric id, lists by listid (a consenting contact)', () => {
    expect(JSON.parse(bulkImportBody([contact(2)], '4'))).toEqual({
      contacts: [
        {
          email: 'guest-2@example.com',
          first_name: 'Guest',
          last_name: 'Number 2',
          fields: [{ id: 7, value: 'gold' }],
          subscribe: [{ listid: '4' }],
        },
      ],
    });
  });
});

describe('the list in a bulk import follows consent', () => {
  it('puts a consenting contact under subscribe and any other under unsubscribe, never both', () => {
    const body = JSON.parse(bulkImportBody([contact(0), contact(1)], '3')) as { contacts: Record<string, unknown>[] };
    expect(body.contacts[0]).toMatchObject({ subscribe: [{ listid: '3' }] });
    expect(body.contacts[0]).not.toHaveProperty('unsubscribe');
    expect(body.contacts[1]).toMatchObject({ unsubscribe: [{ listid: '3' }] });
    expect(body.contacts[1]).not.toHaveProperty('subscribe');
  });

  it('names no list when none is configured', () => {
    const body = JSON.parse(bulkImportBody([contact(0), contact(1)])) as { contacts: Record<string, unknown>[] };
    for (const c of body.contacts) expect(c).not.toHaveProperty('subscribe');
    for (const c of body.contacts) expect(c).not.toHaveProperty('unsubscribe');
  });
});
