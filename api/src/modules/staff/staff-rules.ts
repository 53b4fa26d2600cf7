import { ROLE_AS, type Role } from '@nocturne/domain';

export const LAST_ADMIN = 'This is the last admin account: it can be neither demoted nor removed. Make another admin first.';

/**
 * Why an admin may not move a staff account from `from` to `to`, or null when they may
 * (PRODUCT.md §6): the venue always keeps one enabled admin, so the last one (a disabled admin
 * cannot sign in, so does not count) is neither demoted nor removed, whoever asks, themselves
 * included. `enabledAdmins` are the ids of the enabled admins, locked by the caller.
 */
export function roleChangeRefusal(change: {
  memberId: string;
  from: Role;
  to: Role;
  enabledAdmins: readonly string[];
}): string | null {
  if (change.from !== 'admin' || change.to === 'admin') return null;
  const others = change.enabledAdmins.filter((id) => id !== change.memberId);
  return others.length === 0 ? LAST_ADMIN : null;
}

/** What the admin is told once a role changed: "Sam is now door staff and was signed out everywhere." */
export function roleChangedMessage(firstName: string, to: Role): string {
  return to === 'member'
    ? `${firstName} is no longer staff (a member again) and was signed out everywhere.`
    : `${firstName} is now ${ROLE_AS[to]} and was signed out everywhere.`;
}
