/**
 * Members as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * a quote or a line break, quotes doubled), safe to open in a spreadsheet: a cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return would run as a formula there (OWASP, "CSV
 * Injection"), so it gets a leading apostrophe. Names and e-mails are typed by members.
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

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

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
