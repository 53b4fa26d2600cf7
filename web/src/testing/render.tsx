import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jest } from '@jest/globals';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

/** Shows where the app navigated to, so tests can assert redirects as a user would see them. */
function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/**
 * Renders `ui` at `path` (and at each of `alsoAt`: the staff dashboard is one page at several
 * addresses); any other address shows where the app went (`current-path`).
 */
export function renderWithApp(ui: ReactElement, { path = '/', alsoAt = [] }: { path?: string; alsoAt?: string[] } = {}) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {[path, ...alsoAt.filter((other) => other !== path)].map((at) => (
            <Route key={at} path={at} element={ui} />
          ))}
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, queryClient, ...result };
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Replaces fetch with canned answers (in order) and records the calls. */
export function mockFetch(...responses: (FakeResponse | Error)[]) {
  const queue = [...responses];
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
    const next = queue.shift() ?? { status: 500, body: { message: 'no more canned responses' } };
    if (next instanceof Error) throw next;
    const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return {
      ok: next.status >= 200 && next.status < 300,
      status: next.status,
      statusText: 'Status',
      headers: new Headers(next.headers),
      text: async () => text,
    };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The JSON body of the n-th fetch call. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
