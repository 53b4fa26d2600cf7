import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ActiveCampaignStubOptions {
  apiToken?: string;
  /** AC's account limit: requests per second (5). */
  requestsPerSecond?: number;
  /** AC's bulk import limit: imports of several contacts per minute (100). */
  importsPerMinute?: number;
  /** AC's bulk import limit: imports of a single contact per minute (20). */
  singleContactImportsPerMinute?: number;
  /** AC's bulk import size limit (250 contacts). */
  maxContactsPerImport?: number;
  /** AC's bulk import payload limit (400,000 bytes). */
  maxImportBytes?: number;
  /** How long import/info answers `status: false` after an import is queued (AC: "less than a second"). */
  importStatusUnsetMs?: number;
  /** How long after queueing an import completes (waiting, then active, until then). */
  importProcessingMs?: number;
}

/** The statuses "Bulk import status info" documents, and `false` before one is set. */
export type StubImportStatus = 'waiting' | 'claimed' | 'active' | 'completed' | 'failed' | 'interrupted' | false;

export interface StubCounters {
  /** Every request that reached the stub, answered or not. */
  requests: number;
  forbidden: number;
  /** 429s for going over requests per second. */
  rateLimited: number;
  /** 400 "Rate limit exceeded." for going over imports per minute. */
  importsRefused: number;
  /** 400s for an import over 250 contacts or 400,000 bytes, or failing validation. */
  importsInvalid: number;
  /** Accepted bulk imports of a single contact (AC: 20 a minute; use contact/sync instead). */
  singleContactImports: number;
  /** The largest accepted bulk_import body, in bytes. */
  largestImportBytes: number;
  /** Answers forced by failFor(), by status. */
  forced429: number;
  forced503: number;
  /** Accepted bulk imports. */
  imports: number;
  importInfos: number;
  contactSyncs: number;
  listSubscriptions: number;
  /** GET /api/3/contacts (list, search and filter). */
  contactLists: number;
}

interface ImportBatch {
  queuedAt: number;
  /** A status forced by holdImports(), kept until releaseImports(). */
  held?: StubImportStatus;
  /** Contact ids of contacts this import created. */
  success: string[];
  /** E-mails of contacts it could not create. */
  failure: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What the importer's JSON validation refuses outright: no e-mail of the form x@y. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
/**
 * E-mails the importer accepts but cannot create, after the documented `failure` examples
 * "invalid.email@invalidDomain" (no top-level domain) and "invalid'character@example.com".
 */
const NOT_CREATABLE = (email: string) => !EMAIL.test(email) || email.includes("'");

/**
 * A loopback ActiveCampaign (API v3) in AC's documented shapes and limits, never in the shapes
 * our client happens to read: Api-Token required (403 `{"message":"Forbidden"}`), contact/sync
 * answering 201 `{contact: {id, ...}}` or 422 `{errors: [{title, detail, code, source}]}`, 429
 * with Retry-After beyond the requests per second, and the bulk importer as its two reference
 * pages describe it (quoted at bulkImport and importInfo below): imports are queued and
 * processed later (`false`, waiting, active, then completed), import/info lists the contact ids
 * of created contacts and the e-mails of failed ones, and an updated contact is in neither.
 * Tests can force 429s or 503s for a while, hold imports at a status, and read what reached it:
 * per e-mail, how often it was accepted.
 */
export class ActiveCampaignStub {
  readonly counters: StubCounters = {
    requests: 0,
    forbidden: 0,
    rateLimited: 0,
    importsRefused: 0,
    importsInvalid: 0,
    singleContactImports: 0,
    largestImportBytes: 0,
    forced429: 0,
    forced503: 0,
    imports: 0,
    importInfos: 0,
    contactSyncs: 0,
    listSubscriptions: 0,
    contactLists: 0,
  };
  /** How many times each e-mail was accepted (contact/sync or a bulk import), lower-cased. */
  readonly reached = new Map<string, number>();
  /**
   * Each e-mail's last status on each list, as set by POST /api/3/contactLists or a bulk import's
   * subscribe/unsubscribe arrays: '1' subscribed (active), '2' unsubscribed. Keyed `${email} ${listId}`.
   */
  readonly listStatuses = new Map<string, '1' | '2'>();
  /** Every e-mail ever given status 1 on a list (a consent test asserts one never appears here). */
  readonly everSubscribed = new Set<string>();
  /** Contact ids deleted, in order. */
  readonly deletedContacts: string[] = [];
  private readonly admitted: number[] = [];
  private readonly importTimes: number[] = [];
  private readonly singleImportTimes: number[] = [];
  private held?: StubImportStatus;
  private readonly batches = new Map<string, ImportBatch>();
  private readonly contactIds = new Map<string, number>();
  /** Ids are never reused, even after a contact is deleted. */
  private nextContactId = 1;
  private forced?: { status: 429 | 503; until: number };
  /** While set, contact/sync answers wait for it (the contact is made at once, as AC would). */
  private syncGate?: { opened: Promise<void>; open: () => void; waiting: number };
  private readonly server: Server;
  private readonly options: Required<ActiveCampaignStubOptions>;
  url = '';

  private constructor(options: ActiveCampaignStubOptions) {
    this.options = {
      apiToken: 'stub-token',
      requestsPerSecond: 5,
      importsPerMinute: 100,
      singleContactImportsPerMinute: 20,
      maxContactsPerImport: 250,
      maxImportBytes: 400_000,
      importStatusUnsetMs: 300,
      importProcessingMs: 800,
      ...options,
    };
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  static async start(options: ActiveCampaignStubOptions = {}): Promise<ActiveCampaignStub> {
    const stub = new ActiveCampaignStub(options);
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
    return stub;
  }

  get apiToken(): string {
    return this.options.apiToken;
  }

  /** Answers every request with this status (429 with Retry-After, or 503) for `ms`. */
  failFor(status: 429 | 503, ms: number): void {
    this.forced = { status, until: Date.now() + ms };
  }

  /**
   * Imports queued from now on stay at `status` (e.g. 'active' to outlast the worker's polls,
   * 'failed' or 'interrupted' to end badly) until releaseImports(); held imports then complete.
   */
  holdImports(status: StubImportStatus): void {
    this.held = status;
  }

  /**
   * From now on contact/sync makes the contact but keeps its answer back until releaseContactSyncs():
   * a sync in flight, for races with the member's deletion.
   */
  holdContactSyncs(): void {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.syncGate = { opened, open, waiting: 0 };
  }

  /** How many contact/sync answers are held back now. */
  get heldContactSyncs(): number {
    return this.syncGate?.waiting ?? 0;
  }

  releaseContactSyncs(): void {
    this.syncGate?.open();
    this.syncGate = undefined;
  }

  /** The contact id AC holds for this e-mail, if any. */
  contactIdOf(email: string): string | undefined {
    const id = this.contactIds.get(email.toLowerCase());
    return id === undefined ? undefined : String(id);
  }

  releaseImports(): void {
    this.held = undefined;
    for (const batch of this.batches.values())
      if (batch.held !== 'failed' && batch.held !== 'interrupted') batch.held = undefined;
  }

  /** The batch ids of every import queued so far, oldest first. */
  importBatchIds(): string[] {
    return [...this.batches.keys()];
  }

  /** E-mails that reached the stub more than once. */
  duplicates(): string[] {
    return [...this.reached].filter(([, count]) => count > 1).map(([email]) => email);
  }

  /**
   * AC out of reach: the port stops listening, so every request is refused at connect
   * (ECONNREFUSED), as when AC or the way to it is down; switchOn() listens on the same port again.
   */
  async switchOff(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async switchOn(): Promise<void> {
    if (this.server.listening) return;
    const port = Number(new URL(this.url).port);
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    await this.switchOff();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.counters.requests += 1;
    const { body, bytes } = await readJson(request);
    const now = Date.now();
    if (request.headers['api-token'] !== this.options.apiToken) {
      this.counters.forbidden += 1;
      return send(response, 403, { message: 'Forbidden' });
    }
    if (this.forced && now < this.forced.until) {
      if (this.forced.status === 429) {
        this.counters.forced429 += 1;
        return send(response, 429, { message: 'Too Many Requests' }, { 'Retry-After': '1' });
      }
      this.counters.forced503 += 1;
      return send(response, 503, { message: 'Service Unavailable' });
    }
    prune(this.admitted, now - 1000);
    if (this.admitted.length >= this.options.requestsPerSecond) {
      this.counters.rateLimited += 1;
      const retryAfter = Math.max(1, Math.ceil((this.admitted[0]! + 1000 - now) / 1000));
      return send(response, 429, { message: 'Too Many Requests' }, { 'Retry-After': String(retryAfter) });
    }
    this.admitted.push(now);
    const url = new URL(request.url ?? '/', 'http://stub');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /api/3/contact/sync') return this.contactSync(response, body);
    if (route === 'GET /api/3/contacts') return this.listContacts(response, url.searchParams);
    if (route === 'POST /api/3/contactLists') return this.subscribe(response, body);
    const contactPath = /^\/api\/3\/contacts\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && contactPath) return this.deleteContact(response, decodeURIComponent(contactPath[1]!));
    if (route === 'POST /api/3/import/bulk_import') return this.bulkImport(response, body, bytes, now);
    if (route === 'GET /api/3/import/info') return this.importInfo(response, url.searchParams.get('batchId'));
    return send(response, 404, { message: 'No Result found for Subscriber with id 0' });
  }

  /**
   * GET /api/3/contacts, after "List, search, and filter contacts" (developers.activecampaign.com/
   * reference/list-all-contacts): `ids` "Filter contacts by ID. Can be repeated for multiple IDs.
   * Example: ids[]=1&ids[]=2&ids[]=42"; `email` "Email address of the contact you want to get";
   * `limit` (20 by default, at most 100). 200 `{"scoredContacts": [], "contacts": [{"id": "1",
   * "email": "…", "firstName": "…", …}], "meta": {"total": "1", "page_input": {…}}}`.
   */
  private listContacts(response: ServerResponse, query: URLSearchParams): void {
    this.counters.contactLists += 1;
    const ids = new Set([...query.getAll('ids[]'), ...query.getAll('ids')].flatMap((value) => value.split(',')));
    const email = query.get('email')?.trim().toLowerCase();
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 20) || 20));
    const matching = [...this.contactIds]
      .filter(([address, id]) => (ids.size === 0 || ids.has(String(id))) && (email === undefined || address === email))
      .map(([address, id]) => ({ id: String(id), email: address, firstName: '', lastName: '' }));
    send(response, 200, {
      scoredContacts: [],
      contacts: matching.slice(0, limit),
      meta: { total: String(matching.length), page_input: { segmentid: null, formid: 0, listid: 0, tagid: 0, limit } },
    });
  }

  private async contactSync(response: ServerResponse, body: unknown): Promise<void> {
    const contact = (body as { contact?: { email?: unknown; firstName?: unknown; lastName?: unknown } } | undefined)?.contact;
    const email = typeof contact?.email === 'string' ? contact.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email)) {
      return send(response, 422, {
        errors: [
          {
            title: 'Contact Email Address is not valid.',
            detail: '',
            code: 'email_invalid',
            source: { pointer: '/data/attributes/email' },
          },
        ],
      });
    }
    this.counters.contactSyncs += 1;
    this.reach(email);
    const id = this.contactIds.get(email) ?? this.nextContactId++;
    this.contactIds.set(email, id);
    const gate = this.syncGate;
    if (gate) {
      gate.waiting += 1;
      await gate.opened;
      gate.waiting -= 1;
    }
    const stamp = new Date().toISOString();
    send(response, 201, {
      fieldValues: [],
      contact: {
        id: String(id),
        email,
        firstName: contact?.firstName ?? '',
        lastName: contact?.lastName ?? '',
        cdate: stamp,
        udate: stamp,
      },
    });
  }

  /**
   * DELETE /api/3/contacts/{id}, after "Delete a contact" (developers.activecampaign.com/reference/
   * delete-contact): 200 `{}`; an unknown id 404 `{"message":"No Result found for Subscriber with id 0"}`.
   */
  private deleteContact(response: ServerResponse, id: string): void {
    const email = [...this.contactIds].find(([, contactId]) => String(contactId) === id)?.[0];
    if (!email) return send(response, 404, { message: `No Result found for Subscriber with id ${id}` });
    this.contactIds.delete(email);
    this.deletedContacts.push(id);
    send(response, 200, {});
  }

  /** Removes the contact as someone working in AC's own screens would (no request counted). */
  forgetContact(email: string): void {
    this.contactIds.delete(email.toLowerCase());
  }

  /** The e-mail's status on a list: '1' subscribed, '2' unsubscribed, undefined never set. */
  listStatusOf(email: string, listId: string): '1' | '2' | undefined {
    return this.listStatuses.get(`${email.toLowerCase()} ${listId}`);
  }

  private setListStatus(email: string, listId: string, status: '1' | '2'): void {
    this.listStatuses.set(`${email.toLowerCase()} ${listId}`, status);
    if (status === '1') this.everSubscribed.add(email.toLowerCase());
  }

  /** Whether AC holds a contact for this e-mail (made by contact/sync and not deleted since). */
  hasContact(email: string): boolean {
    return this.contactIds.has(email.toLowerCase());
  }

  /**
   * POST /api/3/contactLists, after "Update list status for a contact" (developers.activecampaign.com/
   * reference/update-list-status-for-contact): "Subscribe a contact to a list or unsubscribe a contact
   * from a list." Body `{"contactList":{"list":2,"contact":1,"status":1}}`; status "1" subscribes
   * (active), "2" unsubscribes. A status other than 1 or 2 is refused here with 422 (not documented,
   * chosen so a wrong request fails a test rather than passing).
   */
  private subscribe(response: ServerResponse, body: unknown): void {
    const link = (body as { contactList?: { list?: unknown; contact?: unknown; status?: unknown } } | undefined)?.contactList;
    const status = String(link?.status ?? '');
    if (link && status !== '1' && status !== '2') {
      return send(response, 422, {
        errors: [
          { title: 'The status is invalid.', detail: '', code: 'field_invalid', source: { pointer: '/data/attributes/status' } },
        ],
      });
    }
    if (!link?.list || !link.contact) {
      return send(response, 422, {
        errors: [
          {
            title: 'The related list does not exist.',
            detail: '',
            code: 'related_missing',
            source: { pointer: '/data/attributes/list' },
          },
        ],
      });
    }
    this.counters.listSubscriptions += 1;
    const email = [...this.contactIds].find(([, id]) => String(id) === String(link.contact))?.[0];
    if (email) this.setListStatus(email, String(link.list), status as '1' | '2');
    send(response, 201, {
      contactList: { list: String(link.list), contact: String(link.contact), status, id: randomUUID() },
    });
  }

  /**
   * POST /api/3/import/bulk_import, after "Bulk import contacts" (developers.activecampaign.com/
   * reference/bulk-import-contacts):
   *   200 {"Success":1,"queued_contacts":1,"batchId":"0641fbdd-f62f-4c2c-ba02-3a83d5d11ac9","message":"Contact import queued"}
   *   400 {"success":0,"message":"Rate limit exceeded.","failureReasons":["Up to 100 imports may be requested per
   *       minute.Please batch contacts into larger requests, or retry this request in a minute."]}
   *   400 {"success":0,"message":"JSON payload did not pass validation. Please fix failure Reasons and retry. The
   *       import was not queued for processing.","failureReasons":[{"contact":230,"failureReason":"Field‘ email’ incorrect format"}]}
   *   "Contacts can be imported in batches of up to 250 items."; "For requests containing a single contact, there
   *   is a limit of 20 requests per minute"; "For requests containing multiple contacts, there is a limit of 100
   *   requests per minute". "Use the Bulk Contact Importer API" (help.activecampaign.com): "The maximum payload
   *   size of a single bulk_import request is 400000 bytes."
   * Not documented, so chosen here: the answer to more than 250 contacts or 400,000 bytes (a 400 in the
   * validation shape). Existing contacts (by e-mail) are updated and appear in neither list of import/info.
   */
  private bulkImport(response: ServerResponse, body: unknown, bytes: number, now: number): void {
    const contacts = (body as { contacts?: { email?: unknown }[] } | undefined)?.contacts;
    const invalid = (failureReasons: unknown[]) => {
      this.counters.importsInvalid += 1;
      send(response, 400, {
        success: 0,
        message:
          'JSON payload did not pass validation. Please fix failure Reasons and retry. The import was not queued for processing.',
        failureReasons,
      });
    };
    if (bytes > this.options.maxImportBytes)
      return invalid([`The payload is ${bytes} bytes; at most ${this.options.maxImportBytes} are accepted.`]);
    if (!Array.isArray(contacts) || contacts.length === 0 || contacts.length > this.options.maxContactsPerImport) {
      return invalid([`Up to ${this.options.maxContactsPerImport} contacts may be imported per request.`]);
    }
    const malformed = contacts.flatMap((contact, index) =>
      typeof contact.email === 'string' && EMAIL_SHAPE.test(contact.email.trim())
        ? []
        : [{ contact: index, failureReason: 'Field‘ email’ incorrect format' }],
    );
    if (malformed.length) return invalid(malformed);
    const single = contacts.length === 1;
    const times = single ? this.singleImportTimes : this.importTimes;
    prune(times, now - 60_000);
    if (times.length >= (single ? this.options.singleContactImportsPerMinute : this.options.importsPerMinute)) {
      this.counters.importsRefused += 1;
      const limit = single ? this.options.singleContactImportsPerMinute : this.options.importsPerMinute;
      return send(response, 400, {
        success: 0,
        message: 'Rate limit exceeded.',
        failureReasons: [
          `Up to ${limit} imports may be requested per minute.Please batch contacts into larger requests, or retry this request in a minute.`,
        ],
      });
    }
    times.push(now);
    this.counters.imports += 1;
    if (single) this.counters.singleContactImports += 1;
    this.counters.largestImportBytes = Math.max(this.counters.largestImportBytes, bytes);
    const batch: ImportBatch = { queuedAt: now, held: this.held, success: [], failure: [] };
    for (const contact of contacts) {
      const email = String(contact.email).trim().toLowerCase();
      if (NOT_CREATABLE(email)) {
        batch.failure.push(String(contact.email).trim());
        continue;
      }
      this.reach(email);
      // "contacts[].subscribe[].listid" / "contacts[].unsubscribe": the lists the import sets.
      const lists = contact as { subscribe?: { listid?: unknown }[]; unsubscribe?: { listid?: unknown }[] };
      for (const list of lists.subscribe ?? []) this.setListStatus(email, String(list.listid), '1');
      for (const list of lists.unsubscribe ?? []) this.setListStatus(email, String(list.listid), '2');
      if (this.contactIds.has(email)) continue; // updated: in neither list
      const id = this.nextContactId++;
      this.contactIds.set(email, id);
      batch.success.push(String(id));
    }
    const batchId = randomUUID();
    this.batches.set(batchId, batch);
    send(response, 200, { Success: 1, queued_contacts: contacts.length, batchId, message: 'Contact import queued' });
  }

  /**
   * GET /api/3/import/info?batchId=…, after "Bulk import status info" (developers.activecampaign.com/
   * reference/bulk-import-status-info): 200 {"status":"completed","success":["123","124","125","126"],
   * "failure":["invalid.email@invalidDomain", "invalid'character@example.com"]} — "the contact IDs of any
   * newly created contacts, and emails of any contacts that failed to be created"; "If this endpoint is
   * called immediately (less than a second) after a bulk import call, the status in the return may be false";
   * without batchId, 400 {"success":0,"message":"'batchId' is a required field."}.
   * Not documented, so chosen here: the lists before completion (sent empty) and an unknown batchId (404).
   */
  private importInfo(response: ServerResponse, batchId: string | null): void {
    if (!batchId) return send(response, 400, { success: 0, message: "'batchId' is a required field." });
    const batch = this.batches.get(batchId);
    if (!batch) return send(response, 404, { message: 'No Result found for Import with id ' + batchId });
    this.counters.importInfos += 1;
    const status = this.statusOf(batch, Date.now());
    if (status !== 'completed') return send(response, 200, { status, success: [], failure: [] });
    send(response, 200, { status, success: batch.success, failure: batch.failure });
  }

  private statusOf(batch: ImportBatch, now: number): StubImportStatus {
    if (batch.held !== undefined) return batch.held;
    const age = now - batch.queuedAt;
    if (age < this.options.importStatusUnsetMs) return false;
    if (age < this.options.importProcessingMs) return age < this.options.importProcessingMs / 2 ? 'waiting' : 'active';
    return 'completed';
  }

  private reach(email: string): void {
    this.reached.set(email, (this.reached.get(email) ?? 0) + 1);
  }
}

function prune(times: number[], before: number): void {
  while (times.length && times[0]! <= before) times.shift();
}

async function readJson(request: IncomingMessage): Promise<{ body: unknown; bytes: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (!raw.length) return { body: undefined, bytes: 0 };
  try {
    return { body: JSON.parse(raw.toString('utf8')), bytes: raw.length };
  } catch {
    return { body: undefined, bytes: raw.length };
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
