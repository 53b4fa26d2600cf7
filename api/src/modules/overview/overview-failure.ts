import { DomainError } from '#common/errors/domain-error.js';

/** A refused overview request. The SPA shows `message` as is. */
export class OverviewFailure extends DomainError {}
