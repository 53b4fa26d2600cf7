import type { StaffMember } from '@nocturne/contracts';
import { isStaff, type Role } from '@nocturne/domain';
import { isoTimestampOrNull } from '../../common/timestamps.js';

export interface StaffRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  role: Role;
  last_sign_in_at: Date | string | null;
  disabled_at: Date | string | null;
}

/** A staff account as the Staff screen shows it. */
export function staffFromRow(row: StaffRow): StaffMember {
  if (!isStaff(row.role)) throw new Error(`${row.id} holds no staff role`);
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    lastSignInAt: isoTimestampOrNull(row.last_sign_in_at),
    disabledAt: isoTimestampOrNull(row.disabled_at),
  };
}
