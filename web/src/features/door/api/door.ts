import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';
import { useDoorVenue } from '@/lib/staff-venue';
import { undoRedemption } from '@/lib/undo-redemption';

export { checkAtDoor, type DoorMethod, redeemAtDoor } from '@/lib/door-calls';

/** The staffer's tally tonight (the door feature's own key). */
export const doorTonightKey = ['door', 'tonight'] as const;

export const undoAtDoor = undoRedemption;

/**
 * Tonight at the door's venue (the one door mode asked for, when the account works at several);
 * with the named door this phone is at, that door's tally too.
 */
export function useDoorTonight(doorId?: string) {
  const venueId = useDoorVenue().venue?.id;
  return useQuery({
    queryKey: [...doorTonightKey, venueId ?? 'own', doorId ?? null] as const,
    queryFn: () =>
      api.call(routes.getDoorTonight, {
        query: { ...(venueId === undefined ? {} : { venueId }), ...(doorId ? { doorId } : {}) },
      }),
    ...polling(POLL_MS.admin),
  });
}
