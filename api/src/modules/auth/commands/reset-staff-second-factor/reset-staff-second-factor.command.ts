import { Command } from '@nestjs/cqrs';

/** An admin resets a staff member's second factors: every factor, code and remembered device goes; their sessions end. */
export class ResetStaffSecondFactorCommand extends Command<void> {
  constructor(readonly staffId: string) {
    super();
  }
}
