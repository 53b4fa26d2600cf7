import type { StaffMember } from '@nocturne/contracts';
import { isStaff, type Role } from '@nocturne/domain';
import { isoTimestampOrNull } from '#common/timestamps.js';

export interface StaffRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  role: Role;
  last_sign_in_at: Date | string | null;
  disabled_at: Date | string | null;
  /** Whether a `staff.invite` made the account a staffer; the list reads it, an invitation's answer says so. */
  invited?: boolean | 0 | 1 | null;
  has_second_factor?: boolean | 0 | 1 | null;
}

/** A staff account as the Staff screen shows it. */
export function staffFromRow(row: StaffRow, venueIds: readonly number[] = []): StaffMember {
  if (!isStaff(row.role)) throw new Error(`${row.id} holds no staff role`);
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    lastSignInAt: isoTimestampOrNull(row.last_sign_in_at),
    disabledAt: isoTimestampOrNull(row.disabled_at),
    invited: Boolean(row.invited),
    hasSecondFactor: Boolean(row.has_second_factor),
    ...(venueIds.length > 0 ? { venueIds: [...venueIds] } : {}),
  };
}
