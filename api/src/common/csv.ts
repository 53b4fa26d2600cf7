/**
 * CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or
 * a line break, quotes doubled), safe to open in a spreadsheet: a cell starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return would run as a formula there (OWASP, "CSV Injection"), so
 * it gets a leading apostrophe. Used by the members export and the audit log export.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
