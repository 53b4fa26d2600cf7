import { AUDIT_ACTIONS, ROLES } from '@nocturne/domain';
import { z } from 'zod';
import { PageQuery } from './common.js';

/** The audit log's filters: one person, one action, venue-time dates (both inclusive). */
export const AuditFilter = z.object({
  actorId: z.uuid({ message: 'must be a staff account id' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { message: 'must be one of the audit actions' }).optional(),
  from: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
});
export type AuditFilter = z.infer<typeof AuditFilter>;

/** A page of the audit log, newest first. */
export const AuditLogQuery = PageQuery.extend(AuditFilter.shape).extend({
  limit: z.coerce.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditEntryView = z
  .object({
    id: z.string(),
    at: z.iso.datetime(),
    actorId: z.string().nullable(),
    /** The actor's name now; "Deleted account" once erased. */
    actorName: z.string(),
    /** The role the actor had when acting. */
    actorRole: z.enum(ROLES),
    action: z.enum(AUDIT_ACTIONS),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    /** The record's name now ("Priya Shah", a coupon's title); null when it is gone or has none. */
    targetName: z.string().nullable(),
    /** The staff screen that shows the record (a web path); null when there is none or it is gone. */
    targetLink: z.string().nullable(),
    /** Who did what to whom, in words: "Sam (manager) adjusted Priya Shah's points: +50, 'birthday', counts toward tier: no". */
    summary: z.string(),
    /**
     * The fields that changed, each before and after in words ('' where the side had none); `text`:
     * a free-text field, which the log says changed without keeping what it said.
     */
    changes: z.array(
      z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string(), text: z.boolean() }),
    ),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    clientAddress: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryView = z.infer<typeof AuditEntryView>;

export const AuditLogPage = z.object({ entries: z.array(AuditEntryView), nextCursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
