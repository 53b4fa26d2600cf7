import { useState, type ReactNode } from 'react';
import { ROLE_NAMES } from '@nocturne/domain';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { capitalise } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';
import { HISTORY_PAGE, useAdminMember } from '../api/admin-member';
import { MemberAccountActions } from './MemberAccountActions';
import { MemberCouponsCard, MemberScansCard, PointsHistoryCard } from './MemberActivity';

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs uppercase tracking-wider text-white/70">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** One member as staff see them (opened from the Members table): profile, account, points, coupons, scans. */
export function MemberView({ memberId, currentAdminId }: { memberId: string; currentAdminId: string }) {
  const venueTime = useVenueTime();
  const [history, setHistory] = useState(HISTORY_PAGE);
  const view = useAdminMember(memberId, history);

  if (view.isPending) return <ListNote>Loading member...</ListNote>;
  if (view.isError && !view.data) {
    const missing = view.error instanceof ApiError && (view.error.status === 404 || view.error.status === 400);
    return (
      <ListNote tone="error">
        {missing ? 'This member does not exist or has deleted their account.' : 'Failed to fetch member'}
      </ListNote>
    );
  }
  const { member, pointsHistory, coupons, scans } = view.data;
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');

  return (
    <div className="grid gap-6">
      <title>{`${name} · Members · Nocturne`}</title>
      <Card
        title={name}
        description={member.email}
        action={
          <div className="flex flex-wrap gap-2">
            {member.role === 'member' ? <Badge tone="muted">Member</Badge> : <Badge tone="neon">{ROLE_NAMES[member.role]}</Badge>}
            {member.disabledAt ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
          </div>
        }
      >
        {member.disabledAt ? (
          <p role="status" className="mb-4 rounded-lg border border-red-400/40 bg-red-500/10 p-3 text-sm text-red-100">
            Disabled {venueTime.dateTime(member.disabledAt)}
            {member.disabledBy ? ` by ${member.disabledBy.name}` : ''}: signing in is refused and no session works.
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
          <Fact label="Current balance">
            <span className="text-lg font-semibold text-gold">{member.currentPoints}</span> points
          </Fact>
          <Fact label="Total earned">{member.totalPoints} points</Fact>
          <Fact label="Tier">{capitalise(member.memberTier)}</Fact>
          <Fact label="Role">{ROLE_NAMES[member.role]}</Fact>
          <Fact label="Joined">{venueTime.day(member.createdAt)}</Fact>
          <Fact label="Last sign-in">{member.lastSignInAt ? venueTime.dateTime(member.lastSignInAt) : 'Never'}</Fact>
          <Fact label="ActiveCampaign" wide>
            {member.acSyncError
              ? `Sync failed: ${member.acSyncError}`
              : member.acSyncedAt
                ? `Synced ${venueTime.dateTime(member.acSyncedAt)}`
                : 'Not synced'}
          </Fact>
        </dl>
        <div className="mt-6">
          <MemberAccountActions member={member} currentAdminId={currentAdminId} />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <PointsHistoryCard
          history={pointsHistory}
          onShowMore={() => setHistory((shown) => shown + 50)}
          loadingMore={view.isPlaceholderData}
        />
        <div className="grid content-start gap-6">
          <MemberCouponsCard coupons={coupons} />
          <MemberScansCard scans={scans} />
        </div>
      </div>
    </div>
  );
}
