import * as routes from '@nocturne/contracts/routes';
import { api } from './api-client';

// Staff undo a redemption from two places: the scanner's toast and the scan log. One call, and
// the keys it changes (REDEMPTION_KEYS in query-keys) refreshed by each caller.
export const undoRedemption = (userCouponId: string) => api.call(routes.undoRedemption, { params: { userCouponId } });
