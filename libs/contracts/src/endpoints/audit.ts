import { AuditFilter, AuditLogPage, AuditLogQuery } from '../audit.js';
import { ADMINS, endpoint } from '../endpoint.js';

export const listAuditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary:
    'The staff audit log, newest first a page at a time (filtered by person, action and venue-time dates; limit 1..100, default 50; nextCursor null on the last page)',
  access: ADMINS,
  tags: ['admin', 'audit'],
  query: AuditLogQuery,
  response: AuditLogPage,
  errors: { 400: 'Bad filters or paging parameters (a cursor not from a previous page)' },
});

export const exportAuditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit/export',
  summary: 'The staff audit log as CSV (same filters), streamed; cells that a spreadsheet would run as formulas are neutralised',
  access: ADMINS,
  tags: ['admin', 'audit'],
  query: AuditFilter,
  produces: 'text/csv',
  errors: { 429: 'Downloads already running for this account, or as many as the server runs at once (Retry-After)' },
});
