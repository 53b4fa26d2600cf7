import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import * as routes from '@nocturne/contracts/routes';
import { createQueryClient } from '@/lib/query-client';
import { anAdmin } from '@/testing/fixtures';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import { useOpenQueueDashboard } from './overview';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('opening the queue dashboard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(anAdmin({ role: 'manager', isAdmin: false }));
  });

  it('asks the api for the pass first, then goes to the board it names (read-only for a manager)', async () => {
    const fetchMock = routeFetch({
      [at(routes.openQueueDashboard)]: {
        status: 200,
        body: { path: '/admin/queues/view/', readOnly: true, expiresAt: '2026-11-28T12:00:00.000Z' },
      },
    });
    const go = jest.fn<(path: string) => void>();
    const { result } = renderHook(() => useOpenQueueDashboard(go), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(callsTo(fetchMock, routes.openQueueDashboard)).toHaveLength(1);
    expect(go).toHaveBeenCalledWith('/admin/queues/view/');
  });

  it('stays on the page when the api refuses', async () => {
    routeFetch({
      [at(routes.openQueueDashboard)]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'This needs a manager or admin account.' },
      },
    });
    const go = jest.fn<(path: string) => void>();
    const { result } = renderHook(() => useOpenQueueDashboard(go), { wrapper });
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(go).not.toHaveBeenCalled();
  });
});
