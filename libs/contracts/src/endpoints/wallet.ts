import { ANYONE, endpoint, SIGNED_IN } from '../endpoint.js';
import { EventKeyParams, EventNightQuery } from '../events.js';
import {
  AppleDevicePassesParams,
  AppleDevicePassesQuery,
  AppleDeviceRegistration,
  AppleDeviceRegistrationParams,
  AppleLogEntries,
  ApplePassParams,
  AppleUpdatedPasses,
  GoogleWalletLink,
  WalletCouponParams,
  WalletSettings,
} from '../wallet.js';

const APPLE_OFF = 'Apple Wallet passes are not enabled on this server (no pass certificate configured)';
const GOOGLE_OFF = 'Google Wallet is not enabled on this server (no service account key configured)';
const PKPASS = 'application/vnd.apple.pkpass';

export const getWalletSettings = endpoint({
  method: 'GET',
  path: '/api/wallet',
  summary: 'Which wallets this server can add passes to (Apple Wallet, Google Wallet): the web shows only those buttons',
  access: ANYONE,
  tags: ['wallet'],
  response: WalletSettings,
});

export const getCouponApplePass = endpoint({
  method: 'GET',
  path: '/api/wallet/apple/coupons/:userCouponId',
  summary:
    'An Apple Wallet pass (.pkpass) for one of my claimed coupons: its short code as a QR, title, value, expiry; voided once redeemed',
  access: SIGNED_IN,
  tags: ['wallet'],
  params: WalletCouponParams,
  produces: PKPASS,
  errors: { 404: `Not my coupon, or ${APPLE_OFF}` },
});

export const getCardApplePass = endpoint({
  method: 'GET',
  path: '/api/wallet/apple/card',
  summary: 'An Apple Wallet pass (.pkpass) of my member card: its QR, short code, tier and points, kept current',
  access: SIGNED_IN,
  tags: ['wallet'],
  produces: PKPASS,
  errors: { 404: APPLE_OFF },
});

export const registerAppleDevice = endpoint({
  method: 'POST',
  path: '/api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
  summary:
    "PassKit web service: register a device for a pass's update pushes (Authorization: ApplePass <token>); 201 when new, 200 when already registered",
  access: ANYONE,
  tags: ['wallet'],
  params: AppleDeviceRegistrationParams,
  body: AppleDeviceRegistration,
  status: 201,
  errors: { 401: 'The pass authentication token is missing or wrong', 404: APPLE_OFF },
});

export const unregisterAppleDevice = endpoint({
  method: 'DELETE',
  path: '/api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
  summary: "PassKit web service: unregister a device from a pass's update pushes (Authorization: ApplePass <token>)",
  access: ANYONE,
  tags: ['wallet'],
  params: AppleDeviceRegistrationParams,
  errors: { 401: 'The pass authentication token is missing or wrong', 404: APPLE_OFF },
});

export const listUpdatedApplePasses = endpoint({
  method: 'GET',
  path: '/api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
  summary:
    'PassKit web service: the serial numbers of the passes registered on the device that changed since the tag (passesUpdatedSince), with the new tag; 204 when none',
  access: ANYONE,
  tags: ['wallet'],
  params: AppleDevicePassesParams,
  query: AppleDevicePassesQuery,
  response: AppleUpdatedPasses,
  errors: { 404: APPLE_OFF },
});

export const getLatestApplePass = endpoint({
  method: 'GET',
  path: '/api/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber',
  summary:
    'PassKit web service: the latest version of a pass (Authorization: ApplePass <token>), with Last-Modified; 304 when unchanged since If-Modified-Since',
  access: ANYONE,
  tags: ['wallet'],
  params: ApplePassParams,
  produces: PKPASS,
  errors: { 401: 'The pass authentication token is missing or wrong', 404: APPLE_OFF },
});

export const logAppleWalletMessages = endpoint({
  method: 'POST',
  path: '/api/wallet/apple/v1/log',
  summary:
    "PassKit web service: devices' error messages about our passes, written to the api's log (the first 10 of a request, 300 characters each, controls removed; 20 requests per address in 10 minutes)",
  access: ANYONE,
  tags: ['wallet'],
  body: AppleLogEntries,
  errors: { 404: APPLE_OFF, 429: 'Too many log requests from this address; see Retry-After' },
});

export const getCouponGoogleWalletLink = endpoint({
  method: 'GET',
  path: '/api/wallet/google/coupons/:userCouponId',
  summary:
    'A "Save to Google Wallet" link for one of my claimed coupons (an offer object in a JWT signed by our service account)',
  access: SIGNED_IN,
  tags: ['wallet'],
  params: WalletCouponParams,
  response: GoogleWalletLink,
  errors: { 404: `Not my coupon, or ${GOOGLE_OFF}` },
});

export const getCardGoogleWalletLink = endpoint({
  method: 'GET',
  path: '/api/wallet/google/card',
  summary: 'A "Save to Google Wallet" link for my member card (a loyalty object in a JWT signed by our service account)',
  access: SIGNED_IN,
  tags: ['wallet'],
  response: GoogleWalletLink,
  errors: { 404: GOOGLE_OFF },
});

const NO_NIGHT = 'No such published event, it does not run that night, or the night is over (last entry passed)';

export const getEventApplePass = endpoint({
  method: 'GET',
  path: '/api/events/:key/wallet/apple',
  summary:
    "An Apple Wallet pass (.pkpass, eventTicket) of a published event's night, for anyone: name, venue, doors and last entry, price, line-up; on the lock screen from doors open",
  access: ANYONE,
  tags: ['wallet', 'events'],
  params: EventKeyParams,
  query: EventNightQuery,
  produces: PKPASS,
  errors: { 404: `${NO_NIGHT}; or ${APPLE_OFF}` },
});

export const getEventGoogleWalletLink = endpoint({
  method: 'GET',
  path: '/api/events/:key/wallet/google',
  summary:
    'Save a published event\'s night to Google Wallet, for anyone: a redirect to a "Save to Google Wallet" link (an event ticket in a JWT signed by our service account)',
  access: ANYONE,
  tags: ['wallet', 'events'],
  params: EventKeyParams,
  query: EventNightQuery,
  errors: { 302: 'Redirect to the Save to Google Wallet link (pay.google.com)', 404: `${NO_NIGHT}; or ${GOOGLE_OFF}` },
});
