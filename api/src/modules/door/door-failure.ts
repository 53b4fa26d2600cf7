import { DomainError } from '#common/errors/domain-error.js';

/** A refused door-mode action. Door mode shows `message` as is, full screen. */
export class DoorFailure extends DomainError {}
