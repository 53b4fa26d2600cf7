import { Command } from '@nestjs/cqrs';
import type { ChangePasswordRequest } from '@nocturne/contracts';

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    /** The session making the change stays signed in; every other one is revoked. */
    readonly sessionId: string,
    readonly input: ChangePasswordRequest,
  ) {
    super();
  }
}
