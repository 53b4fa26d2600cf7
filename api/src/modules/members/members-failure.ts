import { DomainError } from '../../common/errors/domain-error.js';

/** A refused member action (export, deletion, admin view). The SPA shows `message` as is. */
export class MembersFailure extends DomainError {}

export const MEMBER_NOT_FOUND = 'Member not found';
export const ONLY_ADMINS_MANAGE_STAFF = 'Only an admin can disable or enable a staff account.';
