import { DomainError } from '#common/errors/domain-error.js';

/** A refused referrals or membership-settings action. */
export class ReferralsFailure extends DomainError {}
