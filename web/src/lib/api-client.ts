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
    readonly body: Partial<ErrorResponse> & { success?: boolean } | undefined,
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

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const sessionId = getSessionId();
  const response = await fetch(path, {
    ...rest,
    headers: {
      Accept: 'application/json',
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(sessionId ? { Authorization: `Bearer ${sessionId}` } : {}),
      ...headers,
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const text = await response.text();
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
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
