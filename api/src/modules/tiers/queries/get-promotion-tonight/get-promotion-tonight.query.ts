import { Query } from '@nestjs/cqrs';
import type { PromotionTonight } from '@nocturne/contracts';

/** The earning promotion members see running tonight, if any. */
export class GetPromotionTonightQuery extends Query<PromotionTonight> {}
