import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The link in a guest's booking e-mails that cancels the booking without an account: the booking's
 * id and an HMAC-SHA256 of it, under a key derived from QR_SECRET (one secret, required in
 * production, covers every signed thing). The worker writes the link, the api checks it.
 */

/** The web page the link opens (APP_PAGE_PATHS). */
export const BOOKING_CANCEL_PAGE = '/bookings/cancel';

export function bookingCancelKey(qrSecret: string | undefined): string {
  // Development has no QR_SECRET; production refuses to start without one (load-config).
  const root = qrSecret ?? 'nocturne-development-only-secret-not-for-production';
  return createHmac('sha256', root).update('nocturne:booking-cancel-link').digest('hex');
}

export function bookingCancelToken(key: string, bookingId: string): string {
  return createHmac('sha256', key).update(`booking-cancel\n${bookingId.toLowerCase()}`).digest('base64url');
}

export function isBookingCancelToken(key: string, bookingId: string, token: string): boolean {
  const expected = Buffer.from(bookingCancelToken(key, bookingId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page that cancels the booking, e.g. https://nocturne.example/bookings/cancel?id=…&token=… */
export function bookingCancelUrl(appUrl: string, key: string, bookingId: string): string {
  const url = new URL(BOOKING_CANCEL_PAGE, appUrl);
  url.searchParams.set('id', bookingId);
  url.searchParams.set('token', bookingCancelToken(key, bookingId));
  return url.toString();
}
