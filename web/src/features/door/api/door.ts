import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';
import { undoRedemption } from '@/lib/undo-redemption';

export { checkAtDoor, type DoorMethod, redeemAtDoor } from '@/lib/door-calls';

/** The staffer's tally tonight (the door feature's own key). */
export const doorTonightKey = ['door', 'tonight'] as const;

export const undoAtDoor = undoRedemption;

export const useDoorTonight = () =>
  useQuery({ queryKey: doorTonightKey, queryFn: () => api.call(routes.getDoorTonight), ...polling(POLL_MS.admin) });
