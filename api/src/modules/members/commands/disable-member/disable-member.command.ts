import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';

export class DisableMemberCommand extends Command<SuccessResponse> {
  constructor(
    readonly memberId: string,
    readonly adminId: string,
  ) {
    super();
  }
}
