import { DomainError } from '#common/errors/domain-error.js';

/** A refused sign-in, registration, reset or profile change. The SPA shows `message` as is. */
export class AuthFailure extends DomainError {}
