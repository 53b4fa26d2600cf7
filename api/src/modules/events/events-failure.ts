import { DomainError } from '#common/errors/domain-error.js';

/** A refused event, guest-list or door guest-list action. */
export class EventsFailure extends DomainError {}
