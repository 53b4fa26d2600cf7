import { DomainError } from '#common/errors/domain-error.js';

/** A refused manager action on door devices; `message` says why, in words. */
export class DoorDevicesFailure extends DomainError {}
