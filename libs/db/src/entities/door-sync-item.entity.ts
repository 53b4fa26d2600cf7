import { defineEntity, p } from '@mikro-orm/core';
import { DOOR_SYNC_KINDS, DOOR_SYNC_OUTCOMES } from '@nocturne/domain';
import { Member } from './member.entity.js';
import { UserCoupon } from './user-coupon.entity.js';
import { Venue } from './venue.entity.js';

/**
 * A redemption or a card's visit a door decided while offline, sent later in a batch. Its id is
 * the one the device made when it queued it, so a batch sent again finds its items here and
 * nothing happens twice (the primary key decides). A conflict keeps the other side too: the
 * redemption that stood when this one arrived (its time and staffer), so staff read both.
 */
export const DoorSyncItem = defineEntity({
  name: 'DoorSyncItem',
  tableName: 'door_sync_items',
  indexes: [{ name: 'door_sync_items_conflicts_idx', properties: ['outcome', 'deviceAt'] }],
  properties: {
    id: p.uuid().primary(),
    staff: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    kind: p.enum(DOOR_SYNC_KINDS),
    /** When the door decided it, by the device's clock (kept within the night and never later than its arrival). */
    deviceAt: p.datetime().columnType('timestamptz'),
    receivedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    userCoupon: () => p.manyToOne(UserCoupon).deleteRule('set null').nullable(),
    member: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    outcome: p.enum(DOOR_SYNC_OUTCOMES),
    /** What the door is told, in door mode's words. */
    message: p.string().length(300),
    /** For a conflict: the other redemption of the coupon, when and by whom. */
    otherAt: p.datetime().columnType('timestamptz').nullable(),
    otherStaff: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    /** The venue whose door it was (every item from before venues: the first venue). */
    venue: () => p.manyToOne(Venue).deleteRule('restrict').default(1),
  },
});
