export * from './ledger.js';
export type { LedgerEntry } from './ledger.statements.js';
