import type { AdminOverview, ClubNightFigures } from '@nocturne/contracts';
import { Card } from '@/components/ui/card';
import { nightHeading } from './night-format';

const number = new Intl.NumberFormat();

function Figure({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-night-950/50 p-3">
      <dt className="text-xs uppercase tracking-wider text-white/75">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gold">{number.format(value)}</dd>
      {note ? <dd className="mt-0.5 text-xs text-white/70">{note}</dd> : null}
    </div>
  );
}

/** The night's figures (tonight by default) and the figures of right now. */
export function NightFigures({ overview }: { overview: AdminOverview }) {
  const figures: ClubNightFigures = overview.nights.at(-1)!;
  const { now } = overview;
  return (
    <div className="grid gap-4 lg:grid-cols-5">
      <Card title={nightHeading(overview.night)} className="lg:col-span-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Figures of the night">
          <Figure label="Redemptions" value={figures.redemptions} />
          <Figure label="Claims" value={figures.claims} />
          <Figure label="New members" value={figures.newMembers} />
          <Figure label="Comments" value={figures.comments} />
          <Figure label="Points issued" value={figures.pointsIssued} />
          <Figure
            label="Points spent"
            value={figures.pointsSpent}
            note={figures.pointsWithdrawn ? `${number.format(figures.pointsWithdrawn)} more withdrawn` : undefined}
          />
        </dl>
      </Card>
      <Card title="Right now" className="lg:col-span-2">
        <dl className="grid grid-cols-2 gap-3" aria-label="Figures of right now">
          <Figure label="Pending bookings" value={now.pendingBookings} />
          <Figure label="Unread messages" value={now.unreadMessages} />
          <Figure label="Points outstanding" value={now.pointsOutstanding} note="Members' balances: the venue's liability" />
          <Figure label="Events waiting" value={now.outboxWaiting} note="Not yet handed to the queues" />
        </dl>
      </Card>
    </div>
  );
}
