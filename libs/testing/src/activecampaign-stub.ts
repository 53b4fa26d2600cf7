import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ActiveCampaignStubOptions {
  apiToken?: string;
  /** AC's account limit: requests per second (5). */
  requestsPerSecond?: number;
  /** AC's bulk import limit: imports per minute (100). */
  importsPerMinute?: number;
  /** AC's bulk import size limit (250 contacts). */
  maxContactsPerImport?: number;
}

export interface StubCounters {
  /** Every request that reached the stub, answered or not. */
  requests: number;
  forbidden: number;
  /** 429s for going over requests per second. */
  rateLimited: number;
  /** 400 "Rate limit exceeded." for going over imports per minute. */
  importsRefused: number;
  /** Answers forced by failFor(), by status. */
  forced429: number;
  forced503: number;
  /** Accepted bulk imports. */
  imports: number;
  importInfos: number;
  contactSyncs: number;
  listSubscriptions: number;
}

interface ImportBatch {
  success: string[];
  failure: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A loopback ActiveCampaign (API v3) that keeps AC's shapes and limits: Api-Token required (403
 * `{"message":"Forbidden"}`), contact/sync answering 201 `{contact: {id, ...}}` or 422
 * `{errors: [{title, detail, code, source}]}`, 429 with Retry-After beyond the requests per
 * second, bulk import answering `{success, queued_contacts, batchId}` or 400 "Rate limit
 * exceeded." beyond the imports per minute, and import/info with the outcome. Tests can force
 * 429s or 503s for a while, and read what reached it: per e-mail, how often it was synced.
 */
export class ActiveCampaignStub {
  readonly counters: StubCounters = {
    requests: 0,
    forbidden: 0,
    rateLimited: 0,
    importsRefused: 0,
    forced429: 0,
    forced503: 0,
    imports: 0,
    importInfos: 0,
    contactSyncs: 0,
    listSubscriptions: 0,
  };
  /** How many times each e-mail was accepted (contact/sync or a bulk import), lower-cased. */
  readonly reached = new Map<string, number>();
  private readonly admitted: number[] = [];
  private readonly importTimes: number[] = [];
  private readonly batches = new Map<string, ImportBatch>();
  private readonly contactIds = new Map<string, number>();
  private forced?: { status: 429 | 503; until: number };
  private readonly server: Server;
  private readonly options: Required<ActiveCampaignStubOptions>;
  url = '';

  private constructor(options: ActiveCampaignStubOptions) {
    this.options = { apiToken: 'stub-token', requestsPerSecond: 5, importsPerMinute: 100, maxContactsPerImport: 250, ...options };
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

  /** E-mails that reached the stub more than once. */
  duplicates(): string[] {
    return [...this.reached].filter(([, count]) => count > 1).map(([email]) => email);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.counters.requests += 1;
    const body = await readJson(request);
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
    if (route === 'POST /api/3/contactLists') return this.subscribe(response, body);
    if (route === 'POST /api/3/import/bulk_import') return this.bulkImport(response, body, now);
    if (route === 'GET /api/3/import/info') return this.importInfo(response, url.searchParams.get('batchId'));
    return send(response, 404, { message: 'No Result found for Subscriber with id 0' });
  }

  private contactSync(response: ServerResponse, body: unknown): void {
    const contact = (body as { contact?: { email?: unknown; firstName?: unknown; lastName?: unknown } } | undefined)?.contact;
    const email = typeof contact?.email === 'string' ? contact.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email)) {
      return send(response, 422, {
        errors: [{ title: 'Contact Email Address is not valid.', detail: '', code: 'email_invalid', source: { pointer: '/data/attributes/email' } }],
      });
    }
    this.counters.contactSyncs += 1;
    this.reach(email);
    const id = this.contactIds.get(email) ?? this.contactIds.size + 1;
    this.contactIds.set(email, id);
    const stamp = new Date().toISOString();
    send(response, 201, {
      fieldValues: [],
      contact: { id: String(id), email, firstName: contact?.firstName ?? '', lastName: contact?.lastName ?? '', cdate: stamp, udate: stamp },
    });
  }

  private subscribe(response: ServerResponse, body: unknown): void {
    const link = (body as { contactList?: { list?: unknown; contact?: unknown; status?: unknown } } | undefined)?.contactList;
    if (!link?.list || !link.contact) {
      return send(response, 422, { errors: [{ title: 'The related list does not exist.', detail: '', code: 'related_missing', source: { pointer: '/data/attributes/list' } }] });
    }
    this.counters.listSubscriptions += 1;
    send(response, 201, { contactList: { list: String(link.list), contact: String(link.contact), status: String(link.status ?? 1), id: randomUUID() } });
  }

  private bulkImport(response: ServerResponse, body: unknown, now: number): void {
    prune(this.importTimes, now - 60_000);
    if (this.importTimes.length >= this.options.importsPerMinute) {
      this.counters.importsRefused += 1;
      return send(response, 400, { success: 0, message: 'Rate limit exceeded.' });
    }
    const contacts = (body as { contacts?: { email?: unknown }[] } | undefined)?.contacts;
    if (!Array.isArray(contacts) || contacts.length === 0 || contacts.length > this.options.maxContactsPerImport) {
      return send(response, 400, { success: 0, message: `contacts must hold 1 to ${this.options.maxContactsPerImport} contacts` });
    }
    this.importTimes.push(now);
    this.counters.imports += 1;
    const batch: ImportBatch = { success: [], failure: [] };
    for (const contact of contacts) {
      const email = typeof contact.email === 'string' ? contact.email.trim().toLowerCase() : '';
      if (EMAIL.test(email)) {
        batch.success.push(email);
        this.reach(email);
      } else batch.failure.push(String(contact.email ?? ''));
    }
    const batchId = randomUUID();
    this.batches.set(batchId, batch);
    send(response, 200, { success: 1, queued_contacts: contacts.length, batchId, message: 'Contact import queued' });
  }

  private importInfo(response: ServerResponse, batchId: string | null): void {
    const batch = batchId ? this.batches.get(batchId) : undefined;
    if (!batch) return send(response, 404, { message: 'No import found for this batchId' });
    this.counters.importInfos += 1;
    send(response, 200, { status: 'completed', success: batch.success, failure: batch.failure });
  }

  private reach(email: string): void {
    this.reached.set(email, (this.reached.get(email) ?? 0) + 1);
  }
}

function prune(times: number[], before: number): void {
  while (times.length && times[0]! <= before) times.shift();
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (!chunks.length) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
