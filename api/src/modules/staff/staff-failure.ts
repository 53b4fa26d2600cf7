import { DomainError } from '#common/errors/domain-error.js';

/** A refused staff change (invite, role change, removal). The SPA shows `message` as is. */
export class StaffFailure extends DomainError {}

export const STAFF_NOT_FOUND = 'No such staff member';
export const NO_LONGER_ADMIN = 'Your account is no longer an admin: sign in again.';
