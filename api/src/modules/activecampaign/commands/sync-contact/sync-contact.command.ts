import { Command } from '@nestjs/cqrs';
import type { SyncContactResponse } from '@nocturne/contracts';

export class SyncContactCommand extends Command<SyncContactResponse> {
  constructor(readonly memberId: string) {
    super();
  }
}
