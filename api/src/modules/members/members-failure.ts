import { DomainError } from '#common/errors/domain-error.js';

/** A refused member action (export, deletion, admin view). The SPA shows `message` as is. */
export class MembersFailure extends DomainError {}

export const MEMBER_NOT_FOUND = 'Member not found';
export const ONLY_ADMINS_MANAGE_STAFF = 'Only an admin can disable or enable a staff account.';
export const ACTOR_NO_LONGER_STAFF =
  'Your account was disabled or its role changed meanwhile: nothing was changed. Sign in again.';
export const LAST_ADMIN_CANNOT_LEAVE =
  'You are the last admin: make someone else an admin on the Staff screen first, then delete your account.';
