import { Command } from '@nestjs/cqrs';
import type { MarkArrivedResponse } from '@nocturne/contracts';

/** Door staff mark how many of a guest-list party came in: once. */
export class MarkGuestsArrivedCommand extends Command<MarkArrivedResponse> {
  constructor(
    readonly entryId: string,
    readonly count: number,
    readonly staffId: string,
  ) {
    super();
  }
}
