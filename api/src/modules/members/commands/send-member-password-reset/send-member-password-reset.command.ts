import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';

export class SendMemberPasswordResetCommand extends Command<SuccessResponse> {
  constructor(readonly memberId: string) {
    super();
  }
}
