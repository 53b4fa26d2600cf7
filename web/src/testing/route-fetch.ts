import { jest } from '@jest/globals';
import type { Route, User } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { aMember } from './fixtures';
import type { FakeResponse } from './render';

type Handler = FakeResponse | Error | ((body: unknown, url: string) => FakeResponse | Error | Promise<FakeResponse | Error>);

/**
 * Replaces fetch with answers chosen by "METHOD /path" (query string ignored unless the key has
 * one). A handler can be a list: each call takes the next answer and the last one repeats.
 * Screens fire several queries at once, so answers by route beat answers by order.
 */
export function routeFetch(routes: Record<string, Handler | Handler[]>) {
  const used = new Map<string, number>();
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const key = `${method} ${url}` in routes ? `${method} ${url}` : `${method} ${path}`;
    const entry = routes[key];
    if (!entry) return answer({ status: 599, body: { message: `no route for ${method} ${url}` } });
    const list = Array.isArray(entry) ? entry : [entry];
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const handler = list[Math.min(index, list.length - 1)]!;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const result = typeof handler === 'function' ? await handler(body, url) : handler;
    if (result instanceof Error) throw result;
    return answer(result);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function answer(next: FakeResponse) {
  const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
  return {
    ok: next.status >= 200 && next.status < 300,
    status: next.status,
    statusText: 'Status',
    headers: new Headers(next.headers),
    text: async () => text,
    blob: async () => new Blob([text]),
  };
}

/** The key `routeFetch` answers a route by: "METHOD /path", its parameters filled in. */
export function at(route: Route, params?: Record<string, string>): string {
  return `${route.method} ${api.urlOf(route, { params })}`;
}

/** Calls made to one route (with these parameters), with their URLs and JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof routeFetch>, route: Route, params?: Record<string, string>) {
  const method = route.method;
  const path = api.urlOf(route, { params });
  return fetchMock.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET').toUpperCase() === method && url.split('?')[0] === path)
    .map(([url, init]) => ({ url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

/** Stores a session as the sign-in screen does: the id and the user, by default a plain member. */
export function signIn(user: User = aMember()) {
  localStorage.setItem('sessionId', 'session-1');
  localStorage.setItem('user', JSON.stringify(user));
}

/**
 * The venue answer (`routes.getVenue`): the venue's time zone (the api's VENUE_TZ), which every date on
 * screen is shown in. Sydney is the api's default; pass another zone to prove a screen follows it.
 */
export const venueZone = (timeZone = 'Australia/Sydney') => ({ [at(routes.getVenue)]: { status: 200, body: { timeZone } } });
