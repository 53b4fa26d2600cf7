import type { User } from '@nocturne/contracts';
import { Card, ListNote } from '@/components/ui/card';
import { OfflineNote } from '@/components/ui/offline-note';
import { capitalise, signedPoints } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';
import { usePointHistory } from '../api/point-history';
import { TierProgress } from './TierProgress';

function PointHistory() {
  const venueTime = useVenueTime();
  const history = usePointHistory();
  if (history.data === undefined) {
    return history.isError ? (
      <ListNote tone="error">Failed to fetch point history</ListNote>
    ) : (
      <ListNote>Loading point history...</ListNote>
    );
  }
  if (history.data.length === 0) return <ListNote>No points yet.</ListNote>;
  return (
    <ul aria-label="Point history" className="grid max-h-96 gap-2 overflow-y-auto pr-1">
      {history.data.map((entry) => (
        <li
          key={entry.id}
          className="flex items-center justify-between gap-3 rounded-lg border border-white/10 bg-night-950/60 p-3"
        >
          <div className="min-w-0">
            <p className="break-words text-sm text-white">{entry.description}</p>
            {entry.multiplier ? <p className="text-xs text-gold-light">{entry.multiplier}</p> : null}
            <time dateTime={entry.createdAt} className="text-xs text-white/70">
              {venueTime.dateTime(entry.createdAt)}
            </time>
          </div>
          {/* Green for positive, red for negative; a 0 (a reward reversed after it was spent) is neither. */}
          <span
            className={`shrink-0 font-semibold ${entry.points > 0 ? 'text-emerald-300' : entry.points < 0 ? 'text-red-300' : 'text-white/80'}`}
          >
            {signedPoints(entry.points)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Points tab: summary (with progress to the next tier) and history (PRODUCT.md §2.5); with no
 * signal, both from the device's saved copy under "Offline: updated HH:MM".
 */
export function PointsTab({ user }: { user: User }) {
  const history = usePointHistory();
  const figures: [string, string][] = [
    ['Total Earned', String(user.totalPoints)],
    ['Current Balance', String(user.currentPoints)],
    ['Member Tier', capitalise(user.memberTier || 'bronze')],
  ];
  return (
    <div>
      <OfflineNote answers={[history]} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Point Summary">
          <dl className="grid gap-3 sm:grid-cols-3">
            {figures.map(([term, value]) => (
              <div key={term} className="rounded-lg border border-white/10 bg-night-950/60 p-3 text-center">
                <dt className="text-xs uppercase tracking-wider text-white/70">{term}</dt>
                <dd className="mt-1 text-2xl font-semibold text-gold">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-5">
            <TierProgress totalPoints={user.totalPoints} />
          </div>
        </Card>
        <Card title="Point History">
          <PointHistory />
        </Card>
      </div>
    </div>
  );
}
