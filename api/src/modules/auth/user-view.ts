import type { User } from '@nocturne/contracts';
import { isoTimestamp } from '../../common/timestamps.js';
import type { AuthenticatedMember } from './session.service.js';

export interface MemberRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  is_admin: boolean;
  current_points: number;
  total_points: number;
  member_tier: User['memberTier'];
  created_at: Date | string;
}

export const MEMBER_COLUMNS =
  'id, email, first_name, last_name, is_admin, current_points, total_points, member_tier, created_at';

/** The `user` object of the API: never a hash, never anyone else's data. */
export function userFromRow(row: MemberRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    currentPoints: row.current_points,
    totalPoints: row.total_points,
    memberTier: row.member_tier,
    createdAt: isoTimestamp(row.created_at),
  };
}

export function userFromSession(member: AuthenticatedMember): User {
  const { sessionId: _session, ...rest } = member;
  return { ...rest, createdAt: member.createdAt.toISOString() };
}
