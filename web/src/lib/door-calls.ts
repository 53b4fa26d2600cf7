import * as routes from '@nocturne/contracts/routes';
import type { DoorCheckRequest } from '@nocturne/contracts';
import { api } from './api-client';
import { doorHeaders } from './door-device';
import { doorVenueField } from './staff-venue';

// Staff check and redeem what a member shows through one path, the door's: door mode and the
// Coupons tab's scanner send the text as it came and show the api's verdict in its words.

/** How a text arrived: read by a camera or a USB/Bluetooth scanner ('scan'), or typed by staff. */
export type DoorMethod = DoorCheckRequest['method'];

/** Sends whatever was read or typed as it came: the api tells a coupon, a card and anything else apart. */
export const checkAtDoor = (text: string, method: DoorMethod) =>
  api.callWithHeaders(routes.checkAtDoor, doorHeaders(), { body: { text, method, ...doorVenueField() } });

/** Redeems the coupon just checked, or one of a checked card's coupons (its userCouponId). */
export const redeemAtDoor = (text: string, method: DoorMethod, userCouponId?: string) =>
  api.callWithHeaders(routes.redeemAtDoor, doorHeaders(), {
    body: { text, method, ...(userCouponId ? { userCouponId } : {}), ...doorVenueField() },
  });
