import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import { RedemptionParams, ScanLogPage, ScanLogQuery, UndoRedemptionResponse } from '../coupons.js';
import {
  DoorCheckRequest,
  DoorCheckResponse,
  DoorRedeemRequest,
  DoorRedeemResponse,
  DoorTonight,
  DoorTonightQuery,
  MemberCard,
} from '../door.js';
import { DOOR_STAFF, endpoint, SIGNED_IN } from '../endpoint.js';

export const listScans = endpoint({
  method: 'GET',
  path: '/api/admin/scans',
  summary: 'The QR scan log, newest first; door staff see tonight only (from 06:00 venue time), members by first name',
  access: DOOR_STAFF,
  tags: ['admin', 'qr'],
  query: ScanLogQuery,
  response: ScanLogPage,
  // The clock too: a door account's log starts at 06:00, and an Undo lapses after its window.
  conditional: { scopes: ['qr_scans', 'coupons', 'member_names'], everySeconds: 60 },
});

export const undoRedemption = endpoint({
  method: 'POST',
  path: '/api/admin/redemptions/:userCouponId/undo',
  summary: `Undo a redemption made less than ${REDEMPTION_UNDO_MINUTES} minutes ago: the coupon is claimed again (logged). Door staff undo only their own`,
  access: DOOR_STAFF,
  tags: ['admin', 'qr'],
  params: RedemptionParams,
  response: UndoRedemptionResponse,
  errors: {
    403: 'Door staff may undo only redemptions they made',
    404: 'Coupon not found',
    409: `Not redeemed, or redeemed more than ${REDEMPTION_UNDO_MINUTES} minutes ago`,
  },
});

export const checkAtDoor = endpoint({
  method: 'POST',
  path: '/api/door/check',
  summary:
    'Door mode: check anything scanned or typed (a coupon, a member card, or not ours) and answer the verdict in words; a card records the visit. Logged.',
  access: DOOR_STAFF,
  tags: ['door'],
  body: DoorCheckRequest,
  response: DoorCheckResponse,
  errors: {
    400: 'An unknown or archived venueId, or none for an account that works at several venues: `message` says which',
    403: 'The account does not work at that venue: "This account works at The Velvet Room only"',
    429: 'Too many wrong typed codes from this staff account; see retryAfter (seconds to count down)',
  },
});

export const redeemAtDoor = endpoint({
  method: 'POST',
  path: '/api/door/redeem',
  summary: "Door mode: redeem the coupon just checked, or one of a checked card's coupons (userCouponId). Logged.",
  access: DOOR_STAFF,
  tags: ['door'],
  body: DoorRedeemRequest,
  response: DoorRedeemResponse,
  errors: {
    404: 'Not a code of ours, or the coupon is not this card holder’s',
    403: 'The account does not work at that venue: "This account works at The Velvet Room only"',
    409: 'Already used, expired, paused, withdrawn, for another venue ("Only at The Velvet Room"), or the member account is disabled: `message` says which, in words',
    429: 'Too many wrong typed codes from this staff account; see retryAfter',
  },
});

export const getDoorTonight = endpoint({
  method: 'GET',
  path: '/api/door/tonight',
  summary: 'Tonight at the door for the signed-in staffer: the club night and their tally of redemptions, visits and undos',
  access: DOOR_STAFF,
  tags: ['door'],
  query: DoorTonightQuery,
  response: DoorTonight,
  // Redemptions and undos are scan-log lines, visits are visits, people let in from a guest list are
  // its entries (events); the clock turns the night at 06:00.
  conditional: { scopes: ['qr_scans', 'visits', 'events'], everySeconds: 60 },
});

export const getMyCard = endpoint({
  method: 'GET',
  path: '/api/auth/me/card',
  summary: "The member's card: name, tier, member since, and the QR and short code door staff scan",
  access: SIGNED_IN,
  tags: ['door'],
  response: MemberCard,
  conditional: { scopes: ['member:{me}'] },
});
