import { DOOR_SYNC_BATCH_MAX } from '@nocturne/domain';
import {
  DoorConflicts,
  DoorConflictsQuery,
  DoorData,
  DoorDataQuery,
  DoorsTonight,
  DoorSyncRequest,
  DoorSyncResponse,
} from '../door-offline.js';
import { DOOR_STAFF, endpoint, MANAGERS } from '../endpoint.js';

export const getDoorData = endpoint({
  method: 'GET',
  path: '/api/door/data',
  summary:
    "Tonight's door data for offline door mode: every member card and claimed coupon usable tonight as salted hashes with what a verdict shows; `since` answers only what changed",
  access: DOOR_STAFF,
  tags: ['door'],
  query: DoorDataQuery,
  response: DoorData,
  // Members (disabled, tiers, names), their cards, coupons (paused, withdrawn), claims and
  // redemptions, visits, guest lists, and the clock: the night turning at 06:00 and the manager's
  // settings are seen within a minute. Not the scan log: a scan that admits or redeems writes a
  // visit or a redemption, and one that does neither changes nothing the door holds. Shared: the
  // doors of one account opening together get one whole night, built once (a whole night is the
  // costliest answer the door asks for).
  conditional: {
    scopes: ['members', 'member_names', 'member_cards', 'coupons', 'user_coupons', 'visits', 'events'],
    everySeconds: 60,
    share: true,
  },
});

export const syncDoor = endpoint({
  method: 'POST',
  path: '/api/door/sync',
  summary: `Send what a door did offline (up to ${DOOR_SYNC_BATCH_MAX} redemptions and card visits, each with the id the device made): a retry never redeems twice; a coupon used at two doors is a conflict`,
  access: DOOR_STAFF,
  tags: ['door'],
  body: DoorSyncRequest,
  response: DoorSyncResponse,
});

export const listDoorConflicts = endpoint({
  method: 'GET',
  path: '/api/door/conflicts',
  summary:
    "Tonight's conflicts from offline doors at the staffer's venues (or one venue's), each in its venue's night: coupons used twice, members disabled before a door's scan was sent",
  access: DOOR_STAFF,
  tags: ['door'],
  query: DoorConflictsQuery,
  response: DoorConflicts,
  conditional: { scopes: ['qr_scans'], everySeconds: 60 },
});

export const getDoorsTonight = endpoint({
  method: 'GET',
  path: '/api/admin/doors/tonight',
  summary:
    "Tonight at each named door (its venue's night): coupons redeemed there and cards let in, and tonight's conflicts from offline doors",
  access: MANAGERS,
  tags: ['admin', 'door'],
  response: DoorsTonight,
  conditional: { scopes: ['qr_scans', 'venues'], everySeconds: 60 },
});
