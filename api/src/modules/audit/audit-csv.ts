import type { AuditEntryView } from '@nocturne/contracts';
import { auditChangesWords, isoWithOffset } from '@nocturne/domain';
import { csvLine } from '#common/csv.js';

/**
 * The audit export's columns: the keys a machine reads (ids, action, the changed fields as JSON)
 * and, beside them, the row in words as the screen shows it (`summary`, `target_name`, `changes`).
 * `at` is ISO 8601 with the venue's offset, the same wall-clock time the screen shows.
 */
export const AUDIT_CSV_HEADER = [
  'at',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'summary',
  'target_type',
  'target_id',
  'target_name',
  'changes',
  'before',
  'after',
  'client_address',
] as const;

/** One audit entry as a CSV line (CRLF-terminated, formula cells neutralised), times in `timeZone`. */
export function auditCsvLine(entry: AuditEntryView, timeZone: string): string {
  return csvLine([
    isoWithOffset(new Date(entry.at), timeZone),
    entry.actorId,
    entry.actorName,
    entry.actorRole,
    entry.action,
    entry.summary,
    entry.targetType,
    entry.targetId,
    entry.targetName,
    auditChangesWords(entry.changes),
    entry.before && JSON.stringify(entry.before),
    entry.after && JSON.stringify(entry.after),
    entry.clientAddress,
  ]);
}
