import type { RegisterRequest } from '@nocturne/contracts';
import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';

export class RegisterMemberCommand extends Command<SuccessResponse> {
  constructor(readonly input: RegisterRequest) {
    super();
  }
}
