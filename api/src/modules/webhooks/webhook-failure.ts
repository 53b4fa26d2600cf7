import { DomainError } from '#common/errors/domain-error.js';

/** A refused webhook endpoint or delivery action. The SPA shows `message` as is. */
export class WebhookFailure extends DomainError {}
