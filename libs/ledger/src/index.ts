export * from './ledger.js';
export type { Earning, LedgerEntry } from './ledger.statements.js';
