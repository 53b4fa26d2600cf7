/*
 * What the rest of the api may use of the audit module: the service each staff action's handler
 * calls, in its transaction, to leave its one audit row.
 */
export { AuditService } from './audit.service.js';
