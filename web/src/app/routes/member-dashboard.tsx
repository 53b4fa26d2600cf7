import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@nocturne/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { InstallPrompt } from '@/components/install-prompt';
import { walletSettingsQueryOptions } from '@/components/wallet-buttons';
import { meQueryOptions } from '@/features/account/api/me';
import { myConsentQueryOptions } from '@/features/account/api/profile';
import { availableCouponsQueryOptions, myCouponsQueryOptions } from '@/features/coupons/api/coupons';
import { myGuestListsQueryOptions } from '@/features/guest-list/api/guest-list';
import { myCardQueryOptions } from '@/features/member-card/api/card';
import { commentRewardsQueryOptions } from '@/features/news/api/news';
import { pointHistoryQueryOptions } from '@/features/points/api/point-history';
import { myBirthdayQueryOptions, myReferralsQueryOptions } from '@/features/referrals/api/referrals';
import { myTierQueryOptions, promotionTonightQueryOptions } from '@/features/tiers/api/tiers';
import { newsFeedQueryOptions } from '@/lib/news-feed';
import { venueInfoQueryOptions } from '@/lib/venue-time';
import { AreaTabs } from '@/components/ui/tabs';
import { AreaHeader } from '@/features/account/components/AreaHeader';
import { ProfileTab } from '@/features/account/components/ProfileTab';
import { CouponsTab } from '@/features/coupons/components/CouponsTab';
import { GuestListCard } from '@/features/guest-list/components/GuestListCard';
import { MyCard } from '@/features/member-card/components/MyCard';
import { NewsFeedTab } from '@/features/news/components/NewsFeedTab';
import { PointsTab } from '@/features/points/components/PointsTab';
import { BirthdayBanner } from '@/features/referrals/components/BirthdayBanner';
import { InviteFriendsCard } from '@/features/referrals/components/InviteFriendsCard';
import { PromotionBadge } from '@/features/tiers/components/PromotionBadge';
import { TierPanel } from '@/features/tiers/components/TierPanel';
import { SessionGate } from './session-gate';

/** The tabs an address may open (the app's shortcuts: `?tab=card`, `?tab=coupons`). */
const TABS = ['news', 'coupons', 'card', 'points', 'profile'];

/**
 * Every card of every tab is fetched when the area opens, not only the tab on screen: the device
 * then saves them as one moment (lib/offline-cache), so a tab never opened online still shows,
 * offline, what agrees with the rest.
 */
function usePrefetchEveryTab(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const options of [
      meQueryOptions(),
      myCardQueryOptions(),
      availableCouponsQueryOptions(),
      pointHistoryQueryOptions(),
      myTierQueryOptions(),
      promotionTonightQueryOptions(),
      commentRewardsQueryOptions(),
      myReferralsQueryOptions(),
      myBirthdayQueryOptions(),
      myConsentQueryOptions(),
      walletSettingsQueryOptions(),
      venueInfoQueryOptions(),
      myGuestListsQueryOptions(),
    ])
      void queryClient.prefetchQuery(options as Parameters<typeof queryClient.prefetchQuery>[0]);
    void queryClient.prefetchInfiniteQuery(newsFeedQueryOptions());
    void queryClient.prefetchInfiniteQuery(myCouponsQueryOptions());
  }, [queryClient]);
}

function MembersArea({ user }: { user: User }) {
  usePrefetchEveryTab();
  const [params] = useSearchParams();
  const asked = params.get('tab');
  return (
    <div className="min-h-dvh bg-night-950 text-white">
      <title>Members Area · Nocturne</title>
      <AreaHeader
        title="Members Area"
        firstName={user.firstName}
        aside={
          <p
            className="rounded-full border border-gold/40 bg-gold/10 px-4 py-2 text-sm text-gold-light"
            data-testid="header-points"
          >
            <span className="font-semibold">{user.currentPoints}</span> {user.currentPoints === 1 ? 'point' : 'points'}
          </p>
        }
      />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <InstallPrompt />
        <BirthdayBanner />
        <AreaTabs
          label="Members area"
          defaultValue={asked && TABS.includes(asked) ? asked : 'news'}
          tabs={[
            { value: 'news', label: 'News Feed', content: <NewsFeedTab banner={<PromotionBadge />} /> },
            { value: 'coupons', label: 'Coupons', content: <CouponsTab user={user} /> },
            {
              value: 'card',
              label: 'My card',
              content: (
                <div className="grid gap-6">
                  <MyCard />
                  <GuestListCard />
                </div>
              ),
            },
            {
              value: 'points',
              label: 'Points',
              content: (
                <div className="grid gap-6">
                  <PointsTab user={user} />
                  <TierPanel />
                  <InviteFriendsCard />
                </div>
              ),
            },
            { value: 'profile', label: 'Profile', content: <ProfileTab user={user} /> },
          ]}
        />
      </main>
    </div>
  );
}

export default function MemberDashboardRoute() {
  return <SessionGate>{(user) => <MembersArea user={user} />}</SessionGate>;
}
