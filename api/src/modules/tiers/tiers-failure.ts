import { DomainError } from '#common/errors/domain-error.js';

/** A refused tier-benefit or promotion action. */
export class TiersFailure extends DomainError {}
