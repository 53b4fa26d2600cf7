import { DomainError } from '#common/errors/domain-error.js';

/** A refused ActiveCampaign sync request. The SPA shows `message` as is. */
export class ActiveCampaignFailure extends DomainError {}
