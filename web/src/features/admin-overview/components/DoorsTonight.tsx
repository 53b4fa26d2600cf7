import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { Card } from '@/components/ui/card';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';

/** Tonight at each named door, polled. */
const useDoorsTonight = () =>
  useQuery({ queryKey: ['admin', 'doors-tonight'], queryFn: () => api.call(routes.getDoorsTonight), ...polling(POLL_MS.admin) });

/**
 * The overview's line on the doors tonight: each named door's redemptions and cards let in (its
 * venue named when the doors are at several), and the conflicts offline doors met. Nothing when no
 * door is named.
 */
export function DoorsTonight() {
  const tonight = useDoorsTonight().data;
  if (!tonight || tonight.doors.length === 0) return null;
  const several = new Set(tonight.doors.map((door) => door.venueId)).size > 1;
  return (
    <Card>
      <section aria-label="Tonight at each door" className="grid gap-2">
        <h2 className="text-sm uppercase tracking-wider text-white/75">Tonight at each door</h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-1" data-testid="doors-tonight">
          {tonight.doors.map((door) => (
            <li key={door.id}>
              <span className="font-semibold text-gold">
                {door.name}
                {several ? ` · ${door.venueName}` : ''}
              </span>
              : {door.redemptions} redeemed · {door.cards} {door.cards === 1 ? 'card' : 'cards'} in
            </li>
          ))}
        </ul>
        {tonight.conflicts > 0 ? (
          <p className="text-sm text-amber-200">
            {tonight.conflicts} {tonight.conflicts === 1 ? 'conflict' : 'conflicts'} from offline doors: see Doors on the Coupons
            screen
          </p>
        ) : null}
      </section>
    </Card>
  );
}
