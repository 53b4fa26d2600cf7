import { Command } from '@nestjs/cqrs';
import type { MyConsent, UpdateMyConsentRequest } from '@nocturne/contracts';

/** PATCH /api/auth/me/consent; with `input` undefined, the GET: the member's consent as stored. */
export class UpdateConsentCommand extends Command<MyConsent> {
  constructor(
    readonly memberId: string,
    readonly input: UpdateMyConsentRequest | undefined,
  ) {
    super();
  }
}
