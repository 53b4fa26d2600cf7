import { csvLine } from '#common/csv.js';

/**
 * Members as CSV, written with the shared helpers of common/csv.ts (RFC 4180, formula cells
 * neutralised). Names and e-mails are typed by members.
 */
export const MEMBER_CSV_HEADER = [
  'id',
  'email',
  'first_name',
  'last_name',
  'role',
  'tier',
  'current_points',
  'total_points',
  'joined_at',
  'last_sign_in_at',
  'disabled_at',
] as const;

export interface MemberCsvRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  role: string;
  member_tier: string;
  current_points: number;
  total_points: number;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  disabled_at: Date | string | null;
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function memberCsvLine(row: MemberCsvRow): string {
  return csvLine([
    row.id,
    row.email,
    row.first_name,
    row.last_name,
    row.role,
    row.member_tier,
    row.current_points,
    row.total_points,
    instant(row.created_at),
    instant(row.last_sign_in_at),
    instant(row.disabled_at),
  ]);
}
