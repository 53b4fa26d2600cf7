import type { BodyOf, EndpointSpec, ErrorResponse, ParamsOf, QueryOf, ResponseOf, Route } from '@nocturne/contracts';
import { getSessionId } from './session';
import { SECOND_FACTOR_AGAIN } from '@nocturne/domain';

/**
 * A failed call. `message` is `status: body text` (or the status text when the body is empty);
 * `body` keeps the parsed JSON answer so forms can show the server's own words.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: (Partial<ErrorResponse> & { success?: boolean }) | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's human-readable message, when it sent one. */
  get serverMessage(): string | undefined {
    const text = this.body?.message;
    return typeof text === 'string' && text.trim() ? text : undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The last answer of each GET that came with an ETag, per session, so a poll revalidates with
 * If-None-Match and a 304 keeps the data already held. The newest entries are kept.
 */
const validated = new Map<string, { etag: string; text: string }>();
const VALIDATED_MAX = 200;

/** Forgets every kept answer (sign-out). */
export function forgetValidatedAnswers(): void {
  validated.clear();
}

async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const sessionId = getSessionId();
  const isGet = (rest.method ?? 'GET').toUpperCase() === 'GET';
  const key = `${sessionId ?? ''} ${path}`;
  const held = isGet ? validated.get(key) : undefined;
  const response = await fetch(path, {
    ...rest,
    headers: {
      Accept: 'application/json',
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(sessionId ? { Authorization: `Bearer ${sessionId}` } : {}),
      // Our own validator: the browser then passes a 304 through instead of answering from its cache.
      ...(held ? { 'If-None-Match': held.etag } : {}),
      ...headers,
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  if (response.status === 304 && held) {
    validated.delete(key);
    validated.set(key, held);
    return (held.text ? JSON.parse(held.text) : undefined) as T;
  }
  const text = await response.text();
  if (isGet) {
    const etag = response.ok ? response.headers.get('ETag') : null;
    validated.delete(key);
    if (etag) {
      validated.set(key, { etag, text });
      if (validated.size > VALIDATED_MAX) validated.delete(validated.keys().next().value!);
    }
  }
  if (!response.ok) {
    const body = parseJson(text);
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      typeof body === 'object' && body !== null ? (body as ApiError['body']) : undefined,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

type Params<E extends EndpointSpec> = ParamsOf<E> extends undefined ? { params?: never } : { params: ParamsOf<E> };
type Query<E extends EndpointSpec> = QueryOf<E> extends undefined ? { query?: never } : { query?: Partial<QueryOf<E>> };
type Body<E extends EndpointSpec> = BodyOf<E> extends undefined ? { body?: never } : { body: BodyOf<E> };
/** What a call of the endpoint takes: its path parameters, query and body, each as its schema reads them. */
type CallInput<E extends EndpointSpec> = Params<E> & Query<E> & Body<E>;
type CallArgs<E extends EndpointSpec> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type QueryValue = string | number | boolean | null | undefined;

/** The URL of a route: `:name` segments filled from `params`, and the query's values that are set. */
function urlOf(route: Route, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${route.method} ${route.path} needs the parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Calls an endpoint of the api through its route (`@nocturne/contracts/routes`, generated from
 * the endpoint list): the path, the method and the types of what goes and comes back are the
 * api's own. A write without a body sends `{}`, as the api's JSON parser expects a body.
 */
function call<E extends EndpointSpec>(route: Route<E>, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
  return callWithHeaders(route, {}, ...([input] as CallArgs<E>));
}

/** As `call`, with headers of the caller's own (door mode names its phone and its door). */
function callWithHeaders<E extends EndpointSpec>(
  route: Route<E>,
  headers: Record<string, string>,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const url = urlOf(route, input);
  if (route.method === 'GET') return withStepUp(() => apiFetch<ResponseOf<E>>(url, { headers }));
  const body = (input as { body?: unknown } | undefined)?.body;
  return withStepUp(() =>
    apiFetch<ResponseOf<E>>(url, { method: route.method, headers, json: body ?? (route.method === 'DELETE' ? undefined : {}) }),
  );
}

/**
 * Asks the person for their second factor again (a code or a passkey), resolving true once it is
 * given and false if they gave up: set by the staff screens (StepUpDialog), none elsewhere.
 */
let stepUpPrompt: (() => Promise<boolean>) | null = null;

export function setStepUpPrompt(prompt: (() => Promise<boolean>) | null): void {
  stepUpPrompt = prompt;
}

/** The api's refusal of a dangerous action whose session gave its second factor too long ago. */
function isStepUpRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.serverMessage === SECOND_FACTOR_AGAIN;
}

/** Runs the request; refused for an old second factor, asks for it (when a prompt is set) and sends it once more. */
async function withStepUp<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isStepUpRefusal(error) || !stepUpPrompt || !(await stepUpPrompt())) throw error;
    return send();
  }
}

/**
 * Downloads a file answer (a CSV export) with the session, as the browser's own link could not
 * (the session is a bearer token, not a cookie): the body and the name the api gave it.
 */
function download(route: Route, input: { params?: unknown; query?: unknown } = {}): Promise<{ blob: Blob; filename: string }> {
  return withStepUp(() => fetchFile(route, input));
}

async function fetchFile(route: Route, input: { params?: unknown; query?: unknown }): Promise<{ blob: Blob; filename: string }> {
  const sessionId = getSessionId();
  const response = await fetch(urlOf(route, input), { headers: sessionId ? { Authorization: `Bearer ${sessionId}` } : {} });
  if (!response.ok) {
    const text = await response.text();
    const body = parseJson(text);
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      typeof body === 'object' && body !== null ? (body as ApiError['body']) : undefined,
    );
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

export const api = { call, callWithHeaders, urlOf, download };
