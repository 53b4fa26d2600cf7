import { Query } from '@nestjs/cqrs';
import type { TierBenefitsResponse } from '@nocturne/contracts';

/** Every tier's benefit text, earning multiplier and monthly coupon, as a manager edits them. */
export class ListTierBenefitsQuery extends Query<TierBenefitsResponse> {}
