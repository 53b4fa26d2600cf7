import { ChangeStaffRoleRequest, InviteStaffRequest, InviteStaffResponse, SetStaffVenuesRequest, StaffList } from '../staff.js';
import { IdParams, SuccessResponse } from '../common.js';
import { ADMINS, endpoint } from '../endpoint.js';

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/admin/staff',
  summary: 'Every staff account (door, manager, admin) with its role, e-mail, name and last sign-in',
  access: ADMINS,
  tags: ['admin', 'staff'],
  conditional: { scopes: ['members'] },
  response: StaffList,
});

export const inviteStaff = endpoint({
  method: 'POST',
  path: '/api/admin/staff/invitations',
  summary:
    'Invite staff by e-mail with a role: a new account, or a member promoted (signed out, password void); the worker e-mails a one-time link to set a password',
  access: ADMINS,
  tags: ['admin', 'staff'],
  body: InviteStaffRequest,
  response: InviteStaffResponse,
  status: 201,
  errors: { 409: 'The account is staff already, or disabled' },
});

export const changeStaffRole = endpoint({
  method: 'PUT',
  path: '/api/admin/staff/:id/role',
  summary: "Change a staff member's role (member takes them off the staff); their sessions end at once",
  access: ADMINS,
  tags: ['admin', 'staff'],
  params: IdParams,
  body: ChangeStaffRoleRequest,
  response: SuccessResponse,
  errors: { 404: 'No such staff member', 409: 'The last admin cannot be demoted' },
});

export const removeStaff = endpoint({
  method: 'DELETE',
  path: '/api/admin/staff/:id',
  summary: 'Take the account off the staff (it stays a member); its sessions end at once',
  access: ADMINS,
  tags: ['admin', 'staff'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 404: 'No such staff member', 409: 'The last admin cannot be removed' },
});

export const setStaffVenues = endpoint({
  method: 'PUT',
  path: '/api/admin/staff/:id/venues',
  summary:
    'Grant a door or manager account venues: it works at those only (checks, redemptions, scan log, visits); none: all venues. Audited',
  access: ADMINS,
  tags: ['admin', 'staff'],
  params: IdParams,
  body: SetStaffVenuesRequest,
  response: SuccessResponse,
  errors: {
    400: 'An unknown or archived venue',
    404: 'No such staff member',
    409: 'Admins work at every venue: they cannot be granted some',
  },
});
