import { defineEntity, p } from '@mikro-orm/core';
import { QR_SCAN_ACTIONS, QR_SCAN_METHODS, QR_SCAN_RESULTS } from '@nocturne/domain';
import { Member } from './member.entity.js';
import { UserCoupon } from './user-coupon.entity.js';
import { DoorDevice, Venue } from './venue.entity.js';

export {
  QR_SCAN_ACTIONS,
  QR_SCAN_METHODS,
  QR_SCAN_RESULTS,
  type QrScanAction,
  type QrScanMethod,
  type QrScanResult,
} from '@nocturne/domain';

/**
 * Every validate, redeem and undo attempt at the door, valid or not, and every member card checked
 * there. userCoupon is null when the scanned id or code matches nothing (or its token was wrong),
 * and for a card; member is whose coupon or card it was, when that is known; scannedId keeps what
 * was sent (the typed text for a short code, the card id for a scanned card).
 */
export const QrScan = defineEntity({
  name: 'QrScan',
  tableName: 'qr_scans',
  indexes: [
    { name: 'qr_scans_user_coupon_idx', properties: ['userCoupon'] },
    // Door mode's tally counts a staffer's redemptions and undos of the night.
    { name: 'qr_scans_admin_at_idx', properties: ['admin', 'at'] },
  ],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    at: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    admin: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    userCoupon: () => p.manyToOne(UserCoupon).deleteRule('set null').nullable(),
    member: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    /** The venue whose door it was (every line from before venues: the first venue). */
    venue: () => p.manyToOne(Venue).deleteRule('restrict').default(1),
    scannedId: p.string().length(100),
    method: p.enum(QR_SCAN_METHODS).default('qr'),
    action: p.enum(QR_SCAN_ACTIONS),
    result: p.enum(QR_SCAN_RESULTS),
    reason: p.string().length(300),
    /** The named door the phone was at (door mode's first screen), when it named one. */
    doorDevice: () => p.manyToOne(DoorDevice).deleteRule('set null').nullable(),
  },
});
