import { DomainError } from '#common/errors/domain-error.js';

/** A refused wallet request (the feature off, a pass not found, a wrong pass token). */
export class WalletFailure extends DomainError {}
