import { ListNote } from '@/components/ui/card';
import { formatVenueDate, useVenueTime } from '@/lib/venue-time';
import { useDoorConflicts } from '../api/doors';

/**
 * Tonight's conflicts from offline doors, newest first: a coupon two doors redeemed ("Used twice:
 * 23:41 Main door (Sam), 23:43 VIP (Alex)"), or a member disabled before an offline door's scan
 * reached the api. Staff settle them with the member; nothing here changes a redemption.
 */
export function DoorConflicts() {
  const conflicts = useDoorConflicts();
  const { clock } = useVenueTime();
  const items = conflicts.data?.items ?? [];
  return (
    <section aria-label="Conflicts from offline doors" className="grid gap-3">
      <h3 className="font-semibold">
        Conflicts from offline doors{conflicts.data ? ` · ${formatVenueDate(conflicts.data.night)}` : ''}
      </h3>
      {conflicts.data && items.length === 0 ? (
        <ListNote>No conflicts tonight: every offline scan synced cleanly.</ListNote>
      ) : null}
      <ul className="grid gap-2">
        {items.map((conflict) => (
          <li key={conflict.id} className="rounded-lg bg-amber-950/60 px-3 py-2" data-testid="door-conflict">
            <span className="text-white/70">{clock(conflict.at)}</span> {conflict.message}
            {conflict.firstName ? <span className="text-white/70"> · {conflict.firstName}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
