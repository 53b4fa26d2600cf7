import {
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MyConsent,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateMyConsentRequest,
  UpdateProfileRequest,
  User,
} from '../auth.js';
import { SuccessResponse } from '../common.js';
import { ANYONE, SIGNED_IN, endpoint } from '../endpoint.js';

export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  summary:
    'Create a free membership; then sign in with the same e-mail and password. An e-mail that already has a membership gets the same answer (nothing there changes) and its owner is told by e-mail, so the answer says nothing about who is a member',
  access: ANYONE,
  tags: ['auth'],
  body: RegisterRequest,
  response: SuccessResponse,
  status: 202,
  errors: {
    400: 'A field is invalid, or the date of birth is under 18 on the venue date',
    429: 'Too many sign-ups from this address',
    503: 'Too much anonymous password work waiting; see Retry-After',
  },
});

export const signIn = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with email and password',
  access: ANYONE,
  tags: ['auth'],
  body: LoginRequest,
  response: AuthResponse,
  errors: {
    401: 'Invalid email or password',
    403: 'The account has been disabled by staff (said only after the right password)',
    429: 'Too many failed attempts for this e-mail from this address, or from this address',
  },
});

export const getMe = endpoint({
  method: 'GET',
  path: '/api/auth/me',
  summary: 'The signed-in member, with fresh points',
  access: SIGNED_IN,
  tags: ['auth'],
  response: User,
  conditional: { scopes: ['member:{me}'] },
});

export const updateMyProfile = endpoint({
  method: 'PATCH',
  path: '/api/auth/me',
  summary: "Change the signed-in member's first and last name",
  access: SIGNED_IN,
  tags: ['auth'],
  body: UpdateProfileRequest,
  response: User,
  errors: { 400: 'A name is empty or too long' },
});

export const getMyConsent = endpoint({
  method: 'GET',
  path: '/api/auth/me/consent',
  summary: "The signed-in member's date of birth and marketing consent, with the consent wording",
  access: SIGNED_IN,
  tags: ['auth'],
  response: MyConsent,
});

export const updateMyConsent = endpoint({
  method: 'PATCH',
  path: '/api/auth/me/consent',
  summary: 'Give or withdraw marketing consent; add a date of birth if none is stored (18 and over)',
  access: SIGNED_IN,
  tags: ['auth'],
  body: UpdateMyConsentRequest,
  response: MyConsent,
  errors: { 400: 'The date of birth is invalid or under 18', 409: 'A date of birth is already stored' },
});

export const changeMyPassword = endpoint({
  method: 'POST',
  path: '/api/auth/me/password',
  summary: 'Change the password (the current one required); every other session is signed out',
  access: SIGNED_IN,
  tags: ['auth'],
  body: ChangePasswordRequest,
  response: SuccessResponse,
  errors: { 400: 'The current password is wrong, or the new one is weak', 429: 'Too many attempts' },
});

export const signOut = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Revoke the current session',
  access: SIGNED_IN,
  tags: ['auth'],
  response: SuccessResponse,
});

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  summary: 'E-mail a one-time reset link if the account exists (always 202)',
  access: ANYONE,
  tags: ['auth'],
  body: ForgotPasswordRequest,
  response: SuccessResponse,
  status: 202,
  errors: { 429: 'Too many requests from this address' },
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  summary: 'Set a new password with a reset token; signs out every session',
  access: ANYONE,
  tags: ['auth'],
  body: ResetPasswordRequest,
  response: SuccessResponse,
  errors: {
    400: 'Invalid or expired token, or a weak password',
    429: 'Too many attempts from this address',
    503: 'Too much anonymous password work waiting; see Retry-After',
  },
});
