import { Command } from '@nestjs/cqrs';
import type { AuthResponse, LoginRequest } from '@nocturne/contracts';

export class SignInCommand extends Command<AuthResponse> {
  constructor(
    readonly input: LoginRequest,
    readonly meta: { ip?: string; userAgent?: string; deviceToken?: string | null },
  ) {
    super();
  }
}
