import { Query } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';

/** The no-show rule, if a manager set one. */
export class GetNoShowRuleQuery extends Query<NoShowRuleView> {}
