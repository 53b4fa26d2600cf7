/*
 * What the rest of the api may use of the ledger (ESLint refuses imports of its other files from
 * outside it): LedgerService, the api's provider of @nocturne/ledger (the only writer of points),
 * and its refusal; the audit `ledger:verify` runs.
 */
export { auditLedger, describeDifference, describeMispaid, tierThresholdsFrom } from './ledger-audit.js';
export { InsufficientPointsError, LedgerService } from './ledger.service.js';
