import { REDEMPTION_UNDO_MINUTES } from '@nocturne/domain';
import {
  QrRedeemRequest,
  QrRedeemResponse,
  QrValidateRequest,
  QrValidateResponse,
  RedemptionParams,
  ScanLogPage,
  ScanLogQuery,
  UndoRedemptionResponse,
} from '../coupons.js';
import { DOOR_STAFF, endpoint } from '../endpoint.js';

export const validateCode = endpoint({
  method: 'POST',
  path: '/api/qr/validate',
  summary:
    "Check a member's coupon, scanned (userCouponId and qrCodeToken) or typed (its short code as code); logged. An invalid one answers {valid: false, message}",
  access: DOOR_STAFF,
  tags: ['qr'],
  body: QrValidateRequest,
  response: QrValidateResponse,
  errors: { 429: 'Too many wrong typed codes from this staff account; see retryAfter' },
});

export const redeemCode = endpoint({
  method: 'POST',
  path: '/api/qr/redeem',
  summary: 'Redeem a scanned or typed coupon at the door (logged); the signed-in admin is recorded as validator',
  access: DOOR_STAFF,
  tags: ['qr'],
  body: QrRedeemRequest,
  response: QrRedeemResponse,
  errors: {
    404: 'The QR code or typed code is not valid',
    409: 'Already redeemed, expired, paused or no longer available',
    429: 'Too many wrong typed codes from this staff account; see retryAfter',
  },
});

export const listScans = endpoint({
  method: 'GET',
  path: '/api/admin/scans',
  summary: 'The QR scan log, newest first',
  access: DOOR_STAFF,
  tags: ['admin', 'qr'],
  query: ScanLogQuery,
  response: ScanLogPage,
  conditional: { scopes: ['qr_scans', 'coupons', 'member_names'] },
});

export const undoRedemption = endpoint({
  method: 'POST',
  path: '/api/admin/redemptions/:userCouponId/undo',
  summary: `Undo a redemption made less than ${REDEMPTION_UNDO_MINUTES} minutes ago: the coupon is claimed again (logged)`,
  access: DOOR_STAFF,
  tags: ['admin', 'qr'],
  params: RedemptionParams,
  response: UndoRedemptionResponse,
  errors: { 404: 'Coupon not found', 409: `Not redeemed, or redeemed more than ${REDEMPTION_UNDO_MINUTES} minutes ago` },
});
