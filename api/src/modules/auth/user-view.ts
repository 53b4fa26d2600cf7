import type { User } from '@nocturne/contracts';
import type { Database } from '@nocturne/db';
import type { Role } from '@nocturne/domain';
import type { Selectable } from 'kysely';
import { isoTimestamp } from '#common/timestamps.js';

/** The member a session belongs to, as the session service resolves it for each request. */
export interface AuthenticatedMember {
  sessionId: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  role: Role;
  createdAt: Date;
  /** False while the session owes its second factor (see secondFactorState). */
  secondFactorOk: boolean;
  /** The account has a confirmed second factor. */
  hasSecondFactor: boolean;
  /** When this session last passed the second factor (null: never), for the step-up of dangerous actions. */
  secondFactorAt: Date | null;
}

/** The members columns the API's `user` object is made of. */
export const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'role',
  'current_points',
  'total_points',
  'member_tier',
  'created_at',
] as const;

/** A member as `userFromRow` reads it. */
export type UserRow = Pick<Selectable<Database['members']>, (typeof USER_COLUMNS)[number]>;

/** The `user` object of the API: never a hash, never anyone else's data. */
export function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    isAdmin: row.role === 'admin',
    currentPoints: row.current_points,
    totalPoints: row.total_points,
    memberTier: row.member_tier,
    createdAt: isoTimestamp(row.created_at),
  };
}
