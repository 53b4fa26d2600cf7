import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createRedisConnection, recordAcAnswered, recordAcFailure } from '@nocturne/queues';
import type { RedisClient as Redis } from '@nocturne/queues';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { activeCampaignRequests } from '../metrics/worker-metrics.js';
import type { AcContact } from './ac-contact.js';
import { AcNotConfiguredError, AcRateLimitedError, AcRejectedError, AcUnreachableError } from './activecampaign-errors.js';
import {
  BULK_IMPORT_MAX_BYTES,
  BULK_IMPORT_MAX_CONTACTS,
  BULK_IMPORTS_PER_MINUTE,
  bulkImportBody,
} from './bulk-import-request.js';
import { type AcImportInfo, parseImportInfo } from './import-outcome.js';
import { RequestPacer } from './request-pacer.js';

/** AC's list statuses ("Update list status for a contact"): 1 active (subscribed), 2 unsubscribed. */
const AC_LIST_SUBSCRIBED = 1;
const AC_LIST_UNSUBSCRIBED = 2;

export type { AcContact } from './ac-contact.js';
export type { AcImportInfo } from './import-outcome.js';

const REQUEST_TIMEOUT_MS = 15_000;
/** AC's windows, with a hair of margin for timer granularity: permits count until a window after their request finished. */
const SECOND_WINDOW_MS = 1_010;
const MINUTE_WINDOW_MS = 60_100;
/** When a bulk import is refused with "Rate limit exceeded." (no Retry-After), wait this long. */
const IMPORT_LIMIT_BACKOFF_MS = 10_000;
/**
 * While AC cannot be reached the queue pauses for half as long as the failure has lasted (in this
 * process), within these bounds: a short blip is retried within a second or two, a long outage
 * every 30 s.
 */
const UNREACHABLE_PAUSE_MS = { least: 1_000, most: 30_000 };

/** How long the queue waits after a call that could not reach AC, failing since `since`. */
export function unreachablePauseMs(since: number, now = Date.now()): number {
  return Math.min(Math.max(Math.round((now - since) / 2), UNREACHABLE_PAUSE_MS.least), UNREACHABLE_PAUSE_MS.most);
}

/**
 * ActiveCampaign API v3. Every request takes a permit from a Redis limiter shared by all workers
 * (the account's requests per second; bulk imports also per minute). Failures are classified for
 * the processor: AcRateLimitedError (wait, no attempt burnt), AcRejectedError (fail at once), any
 * AcUnreachableError (no answer, no such address, connection refused: the queue pauses and the job
 * waits without spending an attempt), any other error (5xx: retry with backoff). The outcome of
 * every call is recorded in Redis (@nocturne/queues ac-reachability) for the operators' screens.
 */
@Injectable()
export class ActiveCampaignClient implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly requests: RequestPacer;
  private readonly imports: RequestPacer;
  /** When calls in this process started failing to reach AC (null while they reach it): the pause grows with it. */
  private unreachableSince: number | null = null;

  constructor(@InjectConfig() private readonly config: WorkerConfig) {
    this.redis = createRedisConnection(config, 'worker', 'nocturne-ac-limiter');
    this.redis.on('error', () => undefined);
    const base = `${config.REDIS_PREFIX}:ac-limit`;
    this.requests = new RequestPacer(this.redis, `${base}:requests`, {
      max: config.AC_RATE_LIMIT_PER_SECOND,
      windowMs: SECOND_WINDOW_MS,
      inFlightMs: REQUEST_TIMEOUT_MS,
    });
    // AC allows 100 multi-contact imports a minute; a configured figure may only be lower.
    const importsPerMinute = Math.min(config.AC_IMPORT_LIMIT_PER_MINUTE, BULK_IMPORTS_PER_MINUTE);
    this.imports = new RequestPacer(this.redis, `${base}:imports`, {
      max: importsPerMinute,
      windowMs: MINUTE_WINDOW_MS,
      inFlightMs: REQUEST_TIMEOUT_MS,
    });
  }

  get configured(): boolean {
    return Boolean(this.config.AC_API_URL && this.config.AC_API_KEY);
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }

  /** Creates or updates the contact by e-mail; returns AC's contact id. */
  async syncContact(contact: AcContact): Promise<string> {
    const body = await this.request<{ contact: { id: string | number } }>('POST', '/api/3/contact/sync', { contact });
    return String(body.contact.id);
  }

  /**
   * "Delete a contact" (developers.activecampaign.com/reference/delete-contact): DELETE
   * /api/3/contacts/{id}, 200 `{}`; an id AC does not know answers 404, which means it is gone already.
   */
  async deleteContact(contactId: string): Promise<'deleted' | 'absent'> {
    try {
      await this.request('DELETE', `/api/3/contacts/${encodeURIComponent(contactId)}`);
      return 'deleted';
    } catch (error) {
      if (error instanceof AcRejectedError && error.status === 404) return 'absent';
      throw error;
    }
  }

  /**
   * E-mail (lower-cased) to contact id of the given contacts, from "List, search, and filter
   * contacts" (developers.activecampaign.com/reference/list-all-contacts): GET /api/3/contacts with
   * `ids[]` ("Can be repeated for multiple IDs") and `limit` (at most 100), answering
   * `{contacts: [{id, email, …}], meta: {total}}`. A bulk import's `success` lists the ids it
   * created without their e-mails; this pairs them up.
   */
  async contactsByIds(contactIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let start = 0; start < contactIds.length; start += 100) {
      const chunk = contactIds.slice(start, start + 100);
      const query = new URLSearchParams(chunk.map((id): [string, string] => ['ids[]', id]));
      query.set('limit', String(chunk.length));
      const answer = await this.request<{ contacts?: { id?: unknown; email?: unknown }[] }>('GET', `/api/3/contacts?${query}`);
      for (const contact of answer.contacts ?? [])
        if (typeof contact.email === 'string' && contact.id !== undefined)
          found.set(contact.email.toLowerCase(), String(contact.id));
    }
    return found;
  }

  /** The id of the contact with this e-mail (GET /api/3/contacts?email=…, same reference), or undefined. */
  async contactIdByEmail(email: string): Promise<string | undefined> {
    const query = new URLSearchParams({ email, limit: '1' });
    const answer = await this.request<{ contacts?: { id?: unknown; email?: unknown }[] }>('GET', `/api/3/contacts?${query}`);
    const match = (answer.contacts ?? []).find((contact) => String(contact.email).toLowerCase() === email.toLowerCase());
    return match?.id === undefined ? undefined : String(match.id);
  }

  /**
   * The contact's status on a list, after "Update list status for a contact" (developers.activecampaign.com/
   * reference/update-list-status-for-contact): POST /api/3/contactLists
   * `{"contactList":{"list":2,"contact":1,"status":1}}`, status "1" to subscribe (active), "2" to
   * unsubscribe. Subscribed only with the member's marketing consent.
   */
  async setListStatus(contactId: string, listId: string, subscribed: boolean): Promise<void> {
    await this.request('POST', '/api/3/contactLists', {
      contactList: { list: listId, contact: contactId, status: subscribed ? AC_LIST_SUBSCRIBED : AC_LIST_UNSUBSCRIBED },
    });
  }

  /**
   * Queues 2 to 250 contacts whose request body stays within 400,000 bytes (split them with
   * splitForBulkImport first); returns AC's batch id. A single contact never goes through the
   * bulk importer (AC allows 20 such imports a minute): use syncContact.
   */
  async bulkImport(contacts: AcContact[], listId?: string): Promise<string> {
    if (contacts.length < 2 || contacts.length > BULK_IMPORT_MAX_CONTACTS) {
      throw new RangeError(`A bulk import takes 2 to ${BULK_IMPORT_MAX_CONTACTS} contacts, not ${contacts.length}`);
    }
    const body = bulkImportBody(contacts, listId);
    const bytes = Buffer.byteLength(body);
    if (bytes > BULK_IMPORT_MAX_BYTES)
      throw new RangeError(`A bulk import body of ${bytes} bytes is over ActiveCampaign's ${BULK_IMPORT_MAX_BYTES}`);
    const permit = await this.imports.acquire();
    // Documented answer: {"Success":1,"queued_contacts":1,"batchId":"0641fbdd-…","message":"Contact import queued"}.
    const answer = await this.request<{ batchId?: unknown }>('POST', '/api/3/import/bulk_import', body).finally(() =>
      permit.release(),
    );
    if (typeof answer.batchId !== 'string' || !answer.batchId)
      throw new Error('ActiveCampaign queued the import without a batchId');
    return answer.batchId;
  }

  async importInfo(batchId: string): Promise<AcImportInfo> {
    return parseImportInfo(await this.request('GET', `/api/3/import/info?batchId=${encodeURIComponent(batchId)}`));
  }

  /** Keeps the call's outcome for the operators' screens: answered (null) or why not; Redis trouble is not the call's. */
  private async record(problem: string | null): Promise<void> {
    const prefix = this.config.REDIS_PREFIX;
    await (problem === null ? recordAcAnswered(this.redis, prefix) : recordAcFailure(this.redis, prefix, problem)).catch(
      () => undefined,
    );
  }

  /** `payload` is sent as JSON; a string is taken as JSON already encoded. */
  private async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown): Promise<T> {
    if (!this.config.AC_API_URL || !this.config.AC_API_KEY) throw new AcNotConfiguredError();
    const permit = await this.requests.acquire();
    let response: Response;
    let text: string;
    try {
      response = await fetch(new URL(path, this.config.AC_API_URL), {
        method,
        headers: {
          'Api-Token': this.config.AC_API_KEY,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      activeCampaignRequests.inc({ result: 'error' });
      const reason = unreachableReason(error, REQUEST_TIMEOUT_MS);
      await this.record(reason);
      this.unreachableSince ??= Date.now();
      throw new AcUnreachableError(unreachablePauseMs(this.unreachableSince), reason);
    } finally {
      await permit.release();
    }
    this.unreachableSince = null;
    activeCampaignRequests.inc({ result: outcomeOf(response.status, text) });
    const body = parseJson(text);
    await this.record(answerProblem(response.status));
    if (response.ok) return body as T;
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'));
      await this.requests.block(wait);
      throw new AcRateLimitedError(wait);
    }
    const reason = errorReason(body, text, response.status);
    if (response.status === 400 && /rate limit exceeded/i.test(reason)) {
      await this.imports.block(IMPORT_LIMIT_BACKOFF_MS);
      throw new AcRateLimitedError(IMPORT_LIMIT_BACKOFF_MS, `ActiveCampaign: ${reason}`);
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 408)
      throw new AcRejectedError(response.status, reason);
    throw new Error(`ActiveCampaign answered ${response.status}: ${reason}`);
  }
}

/** Why an answer means AC is not usable (a refused key, a server error), or null when it answered. */
export function answerProblem(status: number): string | null {
  if (status === 401 || status === 403) return 'it refused the API key';
  if (status >= 500) return `it answered ${status}, a server error`;
  return null;
}

/** Why a request got no answer, in words an operator reads: from fetch's error and its cause's code. */
export function unreachableReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'the address could not be found';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'the connection was cut off';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'no answer within the connection timeout';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the network could not reach it';
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) return 'its certificate was not accepted';
  return code ? `the request failed (${code})` : `the request failed (${(error as Error)?.message ?? 'unknown error'})`;
}

/** How a request ended, for activecampaign_requests_total (the same classes the request throws). */
function outcomeOf(status: number, text: string): 'ok' | 'rate_limited' | 'rejected' | 'error' {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 429 || (status === 400 && /rate limit exceeded/i.test(text))) return 'rate_limited';
  if (status >= 400 && status < 500 && status !== 408) return 'rejected';
  return 'error';
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/** Retry-After in seconds or as an HTTP date; a second when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(100, Math.ceil(seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(100, date - now);
}

/**
 * AC's reason, from `{errors: [{title, detail}]}` or `{message}`; the bulk importer's refusals add
 * `failureReasons`, strings or `{contact, failureReason}` ("Bulk import contacts", 400 examples).
 */
export function errorReason(body: unknown, text: string, status: number): string {
  const value = body as
    | {
        errors?: { title?: string; detail?: string }[];
        message?: string;
        failureReasons?: (string | { contact?: number; failureReason?: string })[];
      }
    | undefined;
  const first = value?.errors?.[0];
  if (first?.title) return first.detail ? `${first.title} ${first.detail}`.trim() : first.title;
  if (value?.message) {
    const reasons = Array.isArray(value.failureReasons)
      ? value.failureReasons
          .slice(0, 5)
          .map((r) => (typeof r === 'string' ? r : `contact ${r.contact ?? '?'}: ${r.failureReason ?? 'refused'}`))
      : [];
    return reasons.length ? `${value.message} (${reasons.join('; ')})` : value.message;
  }
  return text.slice(0, 200) || `HTTP ${status}`;
}
