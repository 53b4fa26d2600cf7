import type { ErrorResponse } from '@nocturne/contracts';
import { getSessionId } from './session';

/**
 * A failed call. `message` follows SPEC 7 (`status: body text or status text`); `body` keeps the
 * parsed JSON answer so forms can show the server's own words.
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

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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

export const api = {
  get: <T>(path: string) => apiFetch<T>(path),
  post: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PUT', json: json ?? {} }),
  patch: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PATCH', json: json ?? {} }),
  delete: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'DELETE', json }),
};
