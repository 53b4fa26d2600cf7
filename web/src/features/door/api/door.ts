import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import type { DoorCheckRequest } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';
import { undoRedemption } from '@/lib/undo-redemption';

/** How a text reached door mode: read by the camera or a USB/Bluetooth scanner ('scan'), or typed by staff. */
export type DoorMethod = DoorCheckRequest['method'];

/** The staffer's tally tonight (the door feature's own key). */
export const doorTonightKey = ['door', 'tonight'] as const;

/** Sends whatever was read or typed as it came: the api tells a coupon, a card and anything else apart. */
export const checkAtDoor = (text: string, method: DoorMethod) => api.call(routes.checkAtDoor, { body: { text, method } });

/** Redeems the coupon just checked, or one of a checked card's coupons (its userCouponId). */
export const redeemAtDoor = (text: string, method: DoorMethod, userCouponId?: string) =>
  api.call(routes.redeemAtDoor, { body: { text, method, ...(userCouponId ? { userCouponId } : {}) } });

export const undoAtDoor = undoRedemption;

export const useDoorTonight = () =>
  useQuery({ queryKey: doorTonightKey, queryFn: () => api.call(routes.getDoorTonight), ...polling(POLL_MS.admin) });
