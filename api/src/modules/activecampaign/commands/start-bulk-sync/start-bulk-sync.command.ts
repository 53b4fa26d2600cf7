import { Command } from '@nestjs/cqrs';
import type { BulkSyncStarted } from '@nocturne/contracts';

export class StartBulkSyncCommand extends Command<BulkSyncStarted> {
  constructor(readonly adminId: string) {
    super();
  }
}
