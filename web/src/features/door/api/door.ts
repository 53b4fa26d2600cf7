import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';
import { undoRedemption } from '@/lib/undo-redemption';

export { checkAtDoor, type DoorMethod, redeemAtDoor } from '@/lib/door-calls';

/** The staffer's tally tonight (the door feature's own key). */
export const doorTonightKey = ['door', 'tonight'] as const;

export const undoAtDoor = undoRedemption;

/** With the named door this phone is at: that door's tally too. */
export const useDoorTonight = (doorId?: string) =>
  useQuery({
    queryKey: [...doorTonightKey, doorId ?? null],
    queryFn: () => api.call(routes.getDoorTonight, { query: doorId ? { doorId } : {} }),
    ...polling(POLL_MS.admin),
  });
