import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import * as routes from '@nocturne/contracts/routes';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { anAdmin, MEMBER_ID } from '@/testing/fixtures';
import { at, routeFetch, signIn } from '@/testing/route-fetch';
import { adminMemberQueryOptions, useAdjustPoints, useSetAccountDisabled } from './admin-member';
import { useSyncContact } from './admin-users';

// As admin-changes-refresh.test.tsx: the admin's queries keep their data until invalidated, so each
// change to a member must invalidate the member's page, the members table and the overview.

const MEMBER_PAGE = adminMemberQueryOptions(MEMBER_ID).queryKey;
const OTHER_MEMBER_PAGE = adminMemberQueryOptions('00000000-0000-4000-8000-000000000001').queryKey;
const TABLE = [...queryKeys.adminUsers, '', 0];
const KEYS: QueryKey[] = [MEMBER_PAGE, OTHER_MEMBER_PAGE, TABLE, queryKeys.adminStats, queryKeys.pointsHistory];

async function run<V>(useHook: () => { mutateAsync: (variables: V) => Promise<unknown> }, variables: V) {
  const queryClient = createQueryClient();
  for (const key of KEYS) queryClient.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  await act(() => result.current.mutateAsync(variables));
  return KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
}

describe('a change to a member refreshes what it moves', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(anAdmin());
  });

  it('adjusting points: their page, the members table and the overview', async () => {
    routeFetch({
      [at(routes.adjustMemberPoints, { id: MEMBER_ID })]: {
        status: 201,
        body: { success: true, message: 'ok', currentPoints: 60, totalPoints: 60, memberTier: 'bronze' },
      },
    });
    expect(await run(() => useAdjustPoints(MEMBER_ID), { points: 10, reason: 'Birthday', countsTowardTier: true })).toEqual([
      MEMBER_PAGE,
      TABLE,
      queryKeys.adminStats,
    ]);
  });

  it('disabling or enabling: their page, the members table and the overview', async () => {
    for (const action of ['disable', 'enable'] as const) {
      routeFetch({
        [at(action === 'disable' ? routes.disableMember : routes.enableMember, { id: MEMBER_ID })]: {
          status: 200,
          body: { success: true },
        },
      });
      expect(await run(() => useSetAccountDisabled(MEMBER_ID), action === 'disable')).toEqual([
        MEMBER_PAGE,
        TABLE,
        queryKeys.adminStats,
      ]);
    }
  });

  it("syncing one member also refreshes members' pages (their sync state)", async () => {
    routeFetch({ [at(routes.syncContact, { id: MEMBER_ID })]: { status: 200, body: { success: true, status: 'synced' } } });
    expect(await run(useSyncContact, MEMBER_ID)).toEqual(expect.arrayContaining([MEMBER_PAGE, TABLE, queryKeys.adminStats]));
  });
});
