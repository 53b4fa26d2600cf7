import { DomainError } from '#common/errors/domain-error.js';

/** A staffer asked for a venue that does not exist, is archived, or is not theirs. */
export class VenueScopeFailure extends DomainError {}
