import { ROLES, STAFF_ROLES } from '@nocturne/domain';
import { z } from 'zod';
import { Email, requiredText, Uuid } from './common.js';

/** A staff account as the admin's Staff screen lists it. */
export const StaffMember = z
  .object({
    id: Uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    role: z.enum(STAFF_ROLES),
    /** Null until the account first signs in. */
    lastSignInAt: z.iso.datetime().nullable(),
    /** The account was invited from the Staff screen (not made by the demo content or `admin:create`). */
    invited: z.boolean(),
    /** It has a confirmed second factor (an authenticator app or a passkey), which an admin can reset. */
    hasSecondFactor: z.boolean(),
    /** Set while an admin has disabled the account. */
    disabledAt: z.iso.datetime().nullable(),
    /** Present for a door or manager account granted some venues: it works at those only. Absent: all venues. */
    venueIds: z.array(z.number().int()).optional(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

/** `GET /api/admin/staff`: every staff account, admins first, then managers, then door staff. */
export const StaffList = z.object({ staff: z.array(StaffMember) });
export type StaffList = z.infer<typeof StaffList>;

/**
 * `POST /api/admin/staff/invitations`: a new account with the role, or a member promoted to it; the
 * worker e-mails a one-time link to set a password. The first name is what door messages show
 * ("Already used at 23:41 (Sam)"); a promoted member keeps their own.
 */
export const InviteStaffRequest = z.object({
  email: Email,
  firstName: requiredText(100, { multiline: false }),
  role: z.enum(STAFF_ROLES, { message: 'must be door, manager or admin' }),
});
export type InviteStaffRequest = z.input<typeof InviteStaffRequest>;

export const InviteStaffResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** True when the e-mail belonged to a member, who now holds the role. */
  promoted: z.boolean(),
  staff: StaffMember,
});
export type InviteStaffResponse = z.infer<typeof InviteStaffResponse>;

/** `PUT /api/admin/staff/{id}/role`: the new role; `member` takes the account off the staff. */
export const ChangeStaffRoleRequest = z.object({
  role: z.enum(ROLES, { message: 'must be member, door, manager or admin' }),
});
export type ChangeStaffRoleRequest = z.infer<typeof ChangeStaffRoleRequest>;

/** `PUT /api/admin/staff/{id}/venues`: the venues a door or manager account works at; empty: all venues (a group manager). */
export const SetStaffVenuesRequest = z.object({
  venueIds: z
    .array(z.number({ message: 'must be venue ids' }).int('must be venue ids').positive('must be venue ids'), {
      message: 'must be a list of venue ids',
    })
    .max(100, 'must name at most 100 venues'),
});
export type SetStaffVenuesRequest = z.infer<typeof SetStaffVenuesRequest>;
