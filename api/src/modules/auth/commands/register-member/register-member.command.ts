import type { RegisterRequest } from '@nocturne/contracts';
import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@nocturne/contracts';

export class RegisterMemberCommand extends Command<AuthResponse> {
  constructor(
    readonly input: RegisterRequest,
    readonly meta: { ip?: string; userAgent?: string },
  ) {
    super();
  }
}
