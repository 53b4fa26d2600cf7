import { Query } from '@nestjs/cqrs';
import type { SyncJobStatus } from '@nocturne/contracts';

export class GetSyncJobQuery extends Query<SyncJobStatus | undefined> {
  constructor(readonly syncJobId: string) {
    super();
  }
}
