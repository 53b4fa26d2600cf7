import type { User } from '@nocturne/contracts';
import { useSearchParams } from 'react-router-dom';
import { InstallPrompt } from '@/components/install-prompt';
import { AreaTabs } from '@/components/ui/tabs';
import { AreaHeader } from '@/features/account/components/AreaHeader';
import { ProfileTab } from '@/features/account/components/ProfileTab';
import { CouponsTab } from '@/features/coupons/components/CouponsTab';
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

function MembersArea({ user }: { user: User }) {
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
            { value: 'card', label: 'My card', content: <MyCard /> },
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
