import { IdParams, SuccessResponse } from '../common.js';
import { ADMINS, DOOR_STAFF, endpoint } from '../endpoint.js';
import {
  StartEnrolmentRequest,
  PasskeyAuthenticationOptionsResponse,
  PasskeyRegistrationOptionsResponse,
  PasskeyRegisterRequest,
  PasskeyVerifyRequest,
  RecoveryCodesResponse,
  SecondFactorStatus,
  SecondFactorVerifyRequest,
  TotpConfirmRequest,
  TotpSetupResponse,
} from '../two-factor.js';

/*
 * A second factor for staff. A staff session that still owes its second factor (or must
 * enrol one) may call only these, `getMe` and `signOut`: the auth guard refuses everything else
 * with 403 (SECURITY.md "Second factor"). `secondFactor: 'enrol'` marks the ones open to a session
 * that must enrol, `'verify'` the ones open to a session whose factor is pending.
 */

export const getSecondFactors = endpoint({
  method: 'GET',
  path: '/api/auth/2fa',
  summary: "The session's second-factor state and the account's factors",
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  response: SecondFactorStatus,
});

export const startTotpEnrolment = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/totp',
  summary: 'Start enrolling an authenticator app: a new secret and its otpauth:// URI (replaces an unconfirmed one)',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  body: StartEnrolmentRequest,
  response: TotpSetupResponse,
  errors: { 403: 'The session owes its second factor: verify first' },
});

export const confirmTotpEnrolment = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/totp/confirm',
  summary:
    'Confirm the authenticator app with a code from it: the factor counts, the session is satisfied, ten recovery codes are answered once',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  body: TotpConfirmRequest,
  response: RecoveryCodesResponse,
  errors: { 400: 'Wrong or replayed code, or no enrolment started', 429: 'Too many wrong codes' },
});

export const verifySecondFactor = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/verify',
  summary: 'Give the second factor after the password: a TOTP code or a one-time recovery code',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  body: SecondFactorVerifyRequest,
  response: SuccessResponse,
  errors: { 400: 'Wrong, replayed or used code', 429: 'Too many wrong codes' },
});

export const startPasskeyRegistration = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/passkeys/registration-options',
  summary: 'Registration options for a new passkey (the challenge is kept server-side for 5 minutes)',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  body: StartEnrolmentRequest,
  response: PasskeyRegistrationOptionsResponse,
});

export const finishPasskeyRegistration = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/passkeys',
  summary:
    'Register the passkey the browser made; the session is satisfied; recovery codes answered once if the account had none',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  body: PasskeyRegisterRequest,
  response: RecoveryCodesResponse,
  errors: { 400: 'The attestation did not verify or the challenge expired' },
});

export const startPasskeyAuthentication = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/passkeys/authentication-options',
  summary: "Authentication options naming the account's passkeys (the challenge is kept server-side for 5 minutes)",
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  response: PasskeyAuthenticationOptionsResponse,
  errors: { 400: 'The account has no passkey (use the authenticator app or a recovery code)' },
});

export const verifyPasskey = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/passkeys/verify',
  summary: 'Give the second factor with a passkey assertion',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  body: PasskeyVerifyRequest,
  response: SuccessResponse,
  errors: { 400: 'The assertion did not verify or the challenge expired', 429: 'Too many failures' },
});

export const removeSecondFactor = endpoint({
  method: 'DELETE',
  path: '/api/auth/2fa/factors/:id',
  summary: 'Remove one of your own second factors (not the last one when your role needs one)',
  access: DOOR_STAFF,
  tags: ['auth', '2fa'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 404: 'No such factor of yours', 409: 'It is the last one and the role needs one' },
});

export const resetStaffSecondFactor = endpoint({
  method: 'DELETE',
  path: '/api/admin/staff/:id/2fa',
  summary:
    "Reset a staff member's second factor (all factors and recovery codes go, their sessions end); they enrol again at next sign-in",
  access: ADMINS,
  tags: ['admin', 'staff', '2fa'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 404: 'No such staff member' },
});
