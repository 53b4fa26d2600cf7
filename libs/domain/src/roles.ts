/**
 * Who is signed in. Every account is a club member; staff accounts also hold one staff role, each
 * with the rights of the ones before it:
 * - `door`: door mode only (validate and redeem coupons, undo their own redemptions, tonight's scans);
 * - `manager`: runs the venue (news, moderation, coupons, members, inbox, bookings, overview, sync);
 * - `admin`: all of that, plus staff accounts and roles, webhooks, settings and member exports.
 */
export const ROLES = ['member', 'door', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['door', 'manager', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role and every role above it: who holds at least this role's rights. */
export function rolesFrom(role: Role): readonly Role[] {
  return ROLES.slice(ROLES.indexOf(role));
}

export function isStaff(role: Role): role is StaffRole {
  return role !== 'member';
}

/** True for the roles that work in the staff dashboard (door staff have door mode instead). */
export function runsTheVenue(role: Role): boolean {
  return role === 'manager' || role === 'admin';
}

/** How a role is named in a badge or a table cell. */
export const ROLE_NAMES: Record<Role, string> = {
  member: 'Member',
  door: 'Door staff',
  manager: 'Manager',
  admin: 'Admin',
};

/** How a role is named in a sentence: "a manager or admin account". */
export const ROLE_LABELS: Record<Role, string> = {
  member: 'member',
  door: 'door staff',
  manager: 'manager',
  admin: 'admin',
};

/** A role after "as": "invited as a manager", "changed to door staff". */
export const ROLE_AS: Record<Role, string> = {
  member: 'a member',
  door: 'door staff',
  manager: 'a manager',
  admin: 'an admin',
};

/** Why a signed-in account is refused an endpoint: "This needs a manager or admin account." */
export function roleRefusal(allowed: readonly Role[]): string {
  const names = ROLES.filter((role) => allowed.includes(role)).map((role) => ROLE_LABELS[role]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'staff');
  return `This needs ${/^[aeiou]/.test(list) ? 'an' : 'a'} ${list} account.`;
}

/** Roles that must enrol a second factor before doing anything else; door accounts may enrol one. */
export function requiresSecondFactor(role: Role): boolean {
  return role === 'manager' || role === 'admin';
}

export type SecondFactorState = 'none' | 'satisfied' | 'pending' | 'enrol';

/**
 * Where a session stands with its second factor: an account with a factor owes it until the session
 * gave it (or signed in on a remembered device); a manager or admin without one must enrol; anyone
 * else (members, door staff without a factor) needs none.
 */
export function secondFactorState(role: Role, hasFactor: boolean, sessionSatisfied: boolean): SecondFactorState {
  if (hasFactor) return sessionSatisfied ? 'satisfied' : 'pending';
  return requiresSecondFactor(role) ? 'enrol' : 'none';
}
