import type { AcContact } from './ac-contact.js';

/**
 * ActiveCampaign's documented limits on POST /api/3/import/bulk_import.
 *
 * "Bulk import contacts" (developers.activecampaign.com/reference/bulk-import-contacts):
 *   "Contacts can be imported in batches of up to 250 items."
 *   "For requests containing a single contact, there is a limit of 20 requests per minute"
 *   "For requests containing multiple contacts, there is a limit of 100 requests per minute"
 *   "If you need to upload 10 or fewer contacts at a time, please use the Contacts functionality"
 * "Use the Bulk Contact Importer API" (help.activecampaign.com, article 360017846539):
 *   "The maximum payload size of a single bulk_import request is 400000 bytes."
 */
export const BULK_IMPORT_MAX_CONTACTS = 250;
export const BULK_IMPORT_MAX_BYTES = 400_000;
export const BULK_IMPORTS_PER_MINUTE = 100;

export interface BulkImportLimits {
  maxContacts: number;
  maxBytes: number;
}

export const BULK_IMPORT_LIMITS: BulkImportLimits = { maxContacts: BULK_IMPORT_MAX_CONTACTS, maxBytes: BULK_IMPORT_MAX_BYTES };

/**
 * One contact as the bulk importer wants it: snake_case names, custom fields by numeric id, lists by
 * `listid`. "Bulk import contacts" documents, per contact, `subscribe[].listid` and `unsubscribe`
 * (the same `[{"listid": …}]` shape): the list goes under `subscribe` only with the member's
 * marketing consent, under `unsubscribe` otherwise.
 */
function bulkImportContact(contact: AcContact, listId?: string): Record<string, unknown> {
  return {
    email: contact.email,
    first_name: contact.firstName,
    last_name: contact.lastName,
    fields: contact.fieldValues.map((f) => ({ id: /^\d+$/.test(f.field) ? Number(f.field) : f.field, value: f.value })),
    ...(listId ? { [contact.subscribed ? 'subscribe' : 'unsubscribe']: [{ listid: listId }] } : {}),
  };
}

/** The exact request body sent for these contacts (what the 400,000-byte limit applies to). */
export function bulkImportBody(contacts: AcContact[], listId?: string): string {
  return JSON.stringify({ contacts: contacts.map((c) => bulkImportContact(c, listId)) });
}

const ENVELOPE_BYTES = Buffer.byteLength(JSON.stringify({ contacts: [] }));

/**
 * Splits contacts, in order, into groups that each fit one bulk_import request: at most
 * `maxContacts` contacts and a body of at most `maxBytes` UTF-8 bytes. A contact too large to
 * fit a request on its own gets a group of its own (a single contact goes through contact/sync,
 * never the bulk importer).
 */
export function splitForBulkImport<T>(
  items: T[],
  contactOf: (item: T) => AcContact,
  listId?: string,
  limits = BULK_IMPORT_LIMITS,
): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(bulkImportContact(contactOf(item), listId)));
    const separator = group.length ? 1 : 0;
    if (group.length && (group.length >= limits.maxContacts || bytes + separator + size > limits.maxBytes)) {
      groups.push(group);
      group = [];
      bytes = ENVELOPE_BYTES;
    }
    bytes += (group.length ? 1 : 0) + size;
    group.push(item);
  }
  if (group.length) groups.push(group);
  return groups;
}
