import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import * as routes from '@nocturne/contracts/routes';
import { useCreateCoupon, useDeleteCoupon } from '@/features/admin-coupons/api/admin-coupons';
import { EMPTY_COUPON_FORM, toCreateCouponPayload } from '@/features/admin-coupons/api/coupon-form';
import { useUndoRedemption } from '@/features/admin-coupons/api/scan-log';
import { useStartBulkSync } from '@/features/admin-email/api/activecampaign';
import {
  bookingsKey,
  contactMessagesKey,
  useUpdateBookingStatus,
  useUpdateContactMessageState,
} from '@/features/admin-inbox/api/inbox';
import { useSyncContact } from '@/features/admin-members/api/admin-users';
import { adminCommentsKey, NO_FILTER, useRemoveComment } from '@/features/admin-moderation/api/admin-comments';
import { useCreateNewsPost } from '@/features/admin-news/api/admin-news';
import { adminOverviewKey } from '@/features/admin-overview/api/overview';
import { ScannerDialog } from '@/features/qr-scanner/components/ScannerDialog';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import {
  aBooking,
  aContactMessage,
  anActiveCampaignStatus,
  anAdmin,
  anAdminComment,
  anAdminCoupon,
  anAdminOverview,
  aNewsPost,
  someAdminStats,
  USER_COUPON_ID,
} from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, callsTo, routeFetch, signIn } from '@/testing/route-fetch';
import AdminDashboardRoute from './routes/admin-dashboard';

const ADMIN_PAGES = ADMIN_SCREENS.map((screen) => `/admin/${screen}`);

// The admin's queries keep their data until invalidated (staleTime Infinity): a change that does
// not invalidate what it moves leaves the overview's counts and the lists as they were.

// The News tab mounts the media feature's Uppy dashboard, which watches its size with
// ResizeObserver; jsdom has none.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Wrapper = (props: { children: ReactNode }) => ReactNode;

/** A client holding an answer under each key, as after the admin has visited every tab. */
function cachedClient(keys: QueryKey[]) {
  const queryClient = createQueryClient();
  for (const key of keys) queryClient.setQueryData(key, {});
  const wrapper: Wrapper = ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

const invalidatedOf = (queryClient: QueryClient, keys: QueryKey[]) =>
  keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);

// The overview's nights: tonight's and an earlier week the admin looked at (both under adminStats).
const TONIGHT = adminOverviewKey();
const EARLIER_WEEK = adminOverviewKey('2026-11-21');

const ALL_KEYS: QueryKey[] = [
  queryKeys.adminStats,
  TONIGHT,
  EARLIER_WEEK,
  queryKeys.adminCoupons,
  queryKeys.coupons,
  queryKeys.news,
  queryKeys.adminScans,
  [...queryKeys.adminUsers, '', 0],
  queryKeys.activeCampaignStatus,
  bookingsKey,
  [...adminCommentsKey, NO_FILTER],
  contactMessagesKey,
  queryKeys.adminInboxCounts,
  queryKeys.adminMember(anAdminComment().author.id),
];

interface Case {
  change: string;
  routes: Parameters<typeof routeFetch>[0];
  run: (wrapper: Wrapper) => Promise<unknown>;
  refreshes: QueryKey[];
}

/** Runs one mutation hook to completion. */
async function mutate<V>(useHook: () => { mutateAsync: (variables: V) => Promise<unknown> }, variables: V, wrapper: Wrapper) {
  const { result } = renderHook(useHook, { wrapper });
  await act(() => result.current.mutateAsync(variables));
}

const cases: Case[] = [
  {
    change: 'creating a coupon',
    routes: { [at(routes.createCoupon)]: { status: 201, body: anAdminCoupon() } },
    run: (wrapper) =>
      mutate(
        useCreateCoupon,
        toCreateCouponPayload({ ...EMPTY_COUPON_FORM, code: 'NEW', title: 'New', description: 'New' }, 'Europe/London'),
        wrapper,
      ),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, queryKeys.adminCoupons, queryKeys.coupons],
  },
  {
    change: 'deleting a coupon',
    routes: { [at(routes.deleteCoupon, { id: anAdminCoupon().id })]: { status: 200, body: { success: true } } },
    run: (wrapper) => mutate(useDeleteCoupon, anAdminCoupon().id, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, queryKeys.adminCoupons, queryKeys.coupons],
  },
  {
    change: 'publishing a post',
    routes: { [at(routes.createNewsPost)]: { status: 201, body: aNewsPost() } },
    run: (wrapper) =>
      mutate(useCreateNewsPost, { title: 'New', content: 'New', contentType: 'event', featuredImageUrl: null }, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, queryKeys.news],
  },
  {
    change: 'undoing a redemption',
    routes: {
      [at(routes.undoRedemption, { userCouponId: USER_COUPON_ID })]: { status: 200, body: { success: true, message: 'Undone' } },
    },
    run: (wrapper) => mutate(useUndoRedemption, USER_COUPON_ID, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, queryKeys.adminScans, queryKeys.adminCoupons],
  },
  {
    change: 'confirming a booking',
    routes: {
      [at(routes.updateBooking, { id: aBooking().id })]: {
        status: 200,
        body: { success: true, booking: aBooking({ status: 'confirmed' }) },
      },
    },
    run: (wrapper) =>
      mutate(useUpdateBookingStatus, { id: aBooking().id, status: 'confirmed' as const, note: undefined }, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, bookingsKey, queryKeys.adminInboxCounts],
  },
  {
    change: 'marking a message handled',
    routes: {
      [at(routes.updateContactMessage, { id: aContactMessage().id })]: {
        status: 200,
        body: { success: true, message: aContactMessage({ state: 'handled' }) },
      },
    },
    run: (wrapper) => mutate(useUpdateContactMessageState, { id: aContactMessage().id, state: 'handled' as const }, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, contactMessagesKey, queryKeys.adminInboxCounts],
  },
  {
    change: 'starting a bulk sync',
    routes: {
      [at(routes.startBulkSync)]: {
        status: 202,
        body: { jobId: '77777777-7777-4777-8777-777777777777', total: 4, alreadyRunning: false },
      },
    },
    run: (wrapper) => mutate(useStartBulkSync, undefined, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, queryKeys.activeCampaignStatus],
  },
  {
    change: 'syncing one member',
    routes: { [at(routes.syncContact, { id: anAdmin().id })]: { status: 200, body: { success: true, status: 'synced' } } },
    run: (wrapper) => mutate(useSyncContact, anAdmin().id, wrapper),
    refreshes: [queryKeys.adminStats, TONIGHT, EARLIER_WEEK, [...queryKeys.adminUsers, '', 0], queryKeys.activeCampaignStatus],
  },
  {
    change: 'removing a comment',
    routes: {
      [at(routes.removeComment, { id: anAdminComment().id })]: {
        status: 200,
        body: { success: true, message: 'Comment removed.', pointsReversed: 5 },
      },
    },
    run: (wrapper) => mutate(useRemoveComment, anAdminComment().id, wrapper),
    // The member's points and tier (members table, member view), the post's comment count, the overview.
    refreshes: [
      queryKeys.adminStats,
      TONIGHT,
      EARLIER_WEEK,
      queryKeys.news,
      [...queryKeys.adminUsers, '', 0],
      queryKeys.adminMember(anAdminComment().author.id),
      [...adminCommentsKey, NO_FILTER],
    ],
  },
];

describe('admin changes refresh what they change', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(anAdmin());
  });

  it.each(cases)('$change', async ({ routes, run, refreshes }) => {
    routeFetch(routes);
    const { queryClient, wrapper } = cachedClient(ALL_KEYS);
    await run(wrapper);
    expect(invalidatedOf(queryClient, ALL_KEYS)).toEqual(expect.arrayContaining(refreshes));
    expect(invalidatedOf(queryClient, refreshes)).toHaveLength(refreshes.length);
  });

  it('closing the scanner (after a redemption) refreshes the scan log, the coupons and the overview', async () => {
    routeFetch({});
    const view = renderWithApp(
      <ScannerDialog open onOpenChange={() => undefined} startCamera={async () => async () => undefined} />,
    );
    for (const key of ALL_KEYS) view.queryClient.setQueryData(key, {});
    await view.user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(invalidatedOf(view.queryClient, ALL_KEYS)).toEqual([
      queryKeys.adminStats,
      TONIGHT,
      EARLIER_WEEK,
      queryKeys.adminCoupons,
      queryKeys.adminScans,
      queryKeys.adminMember(anAdminComment().author.id),
    ]);
  });

  it("tonight's figures follow a redemption undone from the Coupons tab", async () => {
    routeFetch({
      [at(routes.undoRedemption, { userCouponId: USER_COUPON_ID })]: { status: 200, body: { success: true, message: 'Undone' } },
    });
    const { queryClient, wrapper } = cachedClient([]);
    queryClient.setQueryData(TONIGHT, anAdminOverview());
    await mutate(useUndoRedemption, USER_COUPON_ID, wrapper);
    expect(queryClient.getQueryState(TONIGHT)?.isInvalidated).toBe(true);
  });

  it("the overview's news count follows a post published from the News tab", async () => {
    const admin = anAdmin();
    signIn(admin);
    const fetchMock = routeFetch({
      [at(routes.getMe)]: { status: 200, body: admin },
      [at(routes.getAdminStats)]: [
        { status: 200, body: someAdminStats({ members: 42, newsPosts: 3 }) },
        { status: 200, body: someAdminStats({ members: 42, newsPosts: 4 }) },
      ],
      [at(routes.listNews)]: { status: 200, body: { posts: [], nextCursor: null } },
      [at(routes.createNewsPost)]: { status: 201, body: aNewsPost() },
      [at(routes.healthReady)]: { status: 200, body: { status: 'ok' } },
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: anActiveCampaignStatus({ configured: false }) },
    });
    const view = renderWithApp(<AdminDashboardRoute />, { path: '/admin/overview', alsoAt: ADMIN_PAGES });
    expect(await screen.findByText('3')).toBeInTheDocument();

    await view.user.click(screen.getByRole('tab', { name: 'News' }));
    const form = screen.getByRole('form', { name: 'Create news post' });
    await view.user.type(within(form).getByLabelText(/^Title/), 'Friday Night Lights');
    await view.user.type(within(form).getByLabelText(/^Content( \*)?$/), 'Doors at nine.');
    await view.user.click(within(form).getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(callsTo(fetchMock, routes.createNewsPost)).toHaveLength(1));

    await view.user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(callsTo(fetchMock, routes.getAdminStats)).toHaveLength(2);
  });
});
