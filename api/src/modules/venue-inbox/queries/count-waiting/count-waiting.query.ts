import { Query } from '@nestjs/cqrs';
import type { InboxCounts } from '@nocturne/contracts';

export class CountWaitingQuery extends Query<InboxCounts> {}
