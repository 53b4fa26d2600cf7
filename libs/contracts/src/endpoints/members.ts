import {
  AdminMemberQuery,
  AdminMemberView,
  AdminStats,
  AdminUsersQuery,
  AdminUsersResponse,
  PointsAdjustmentRequest,
  PointsAdjustmentResponse,
} from '../members.js';
import { DeleteAccountRequest, MyDataExport } from '../auth.js';
import { IdParams, SuccessResponse } from '../common.js';
import { ADMINS, SIGNED_IN, MANAGERS, endpoint } from '../endpoint.js';

export const getAdminMember = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id',
  summary: "A member's profile, account state, points history, coupons with their states and door scans",
  access: MANAGERS,
  tags: ['admin'],
  params: IdParams,
  query: AdminMemberQuery,
  response: AdminMemberView,
  errors: { 404: 'No such member (or the account was deleted)' },
  // Coupons expire with time: the answer also changes each minute.
  conditional: { scopes: ['members', 'point_transactions', 'user_coupons', 'coupons', 'qr_scans'], everySeconds: 60 },
});

export const adjustMemberPoints = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/points-adjustments',
  summary: "Add or take points with a reason (the member's history shows it); never below zero",
  access: MANAGERS,
  tags: ['admin'],
  params: IdParams,
  body: PointsAdjustmentRequest,
  response: PointsAdjustmentResponse,
  status: 201,
  errors: {
    400: 'No reason, no tier choice, zero or too many points, or more taken than the balance holds',
    403: 'Staff adjusting their own account',
    404: 'No such member',
  },
});

export const sendMemberPasswordReset = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/password-reset',
  summary: 'E-mail the member a one-time password reset link (as forgot-password does)',
  access: MANAGERS,
  tags: ['admin'],
  params: IdParams,
  response: SuccessResponse,
  status: 202,
  errors: { 404: 'No such member', 429: 'Three reset e-mails were sent to this member in the last hour' },
});

export const disableMember = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/disable',
  summary: 'Disable the account: every session ends at once and sign-in is refused',
  access: MANAGERS,
  tags: ['admin'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 403: 'Admins cannot disable themselves', 404: 'No such member', 409: 'The last admin cannot be disabled' },
});

export const enableMember = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/enable',
  summary: 'Enable a disabled account: the member can sign in again',
  access: MANAGERS,
  tags: ['admin'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 404: 'No such member' },
});

export const listMembers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Members for the admin table, newest first; search by name or email',
  access: MANAGERS,
  tags: ['admin'],
  conditional: { scopes: ['members'] },
  query: AdminUsersQuery,
  response: AdminUsersResponse,
});

export const getAdminStats = endpoint({
  method: 'GET',
  path: '/api/admin/stats',
  summary: 'Figures for the admin overview',
  access: MANAGERS,
  tags: ['admin'],
  response: AdminStats,
  // Also counts the outbox and rolling 7-day windows, which no version tracks: 15 s at most behind.
  conditional: { scopes: ['members', 'news_posts', 'coupons', 'bookings', 'contact_messages'], everySeconds: 15 },
});

export const exportMyData = endpoint({
  method: 'GET',
  path: '/api/auth/me/export',
  summary: 'Download my data as JSON: profile, points history, coupons and comments',
  access: SIGNED_IN,
  tags: ['auth'],
  response: MyDataExport,
  errors: { 429: 'Downloads already running for this account, or as many as the server runs at once (Retry-After)' },
});

export const deleteMyAccount = endpoint({
  method: 'DELETE',
  path: '/api/auth/me',
  summary:
    'Delete my account (password required): personal data erased, every session signed out, the ActiveCampaign contact removed; points ledger rows stay, detached from the person',
  access: SIGNED_IN,
  tags: ['auth'],
  body: DeleteAccountRequest,
  response: SuccessResponse,
  errors: {
    400: 'The password is wrong',
    409: 'The last enabled admin cannot delete their account (make another admin first)',
    429: 'Too many attempts',
  },
});

export const exportMembers = endpoint({
  method: 'GET',
  path: '/api/admin/members/export',
  summary:
    'Every member (deleted accounts left out) as CSV, oldest first, streamed: e-mail, names, role, tier, points, joined, last sign-in, disabled. Cells that a spreadsheet would run as a formula are prefixed with an apostrophe',
  access: ADMINS,
  tags: ['admin'],
  produces: 'text/csv',
  errors: { 429: 'Downloads already running for this account, or as many as the server runs at once (Retry-After)' },
});
