import { Query } from '@nestjs/cqrs';
import type { PromotionsResponse } from '@nocturne/contracts';

/** The promotions the manager's list shows, latest ending first. */
export class ListPromotionsQuery extends Query<PromotionsResponse> {}
