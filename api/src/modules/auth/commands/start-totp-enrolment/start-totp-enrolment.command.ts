import { Command } from '@nestjs/cqrs';
import type { TotpSetupResponse } from '@nocturne/contracts';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Enrolling an authenticator app, step 1: a fresh secret, shown once (the QR and the manual key). */
export class StartTotpEnrolmentCommand extends Command<TotpSetupResponse> {
  constructor(readonly member: AuthenticatedMember) {
    super();
  }
}
