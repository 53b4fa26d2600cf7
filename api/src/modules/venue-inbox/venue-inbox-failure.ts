import { DomainError } from '#common/errors/domain-error.js';

/** A refused booking or contact action. The SPA shows `message` as is. */
export class VenueInboxFailure extends DomainError {}
