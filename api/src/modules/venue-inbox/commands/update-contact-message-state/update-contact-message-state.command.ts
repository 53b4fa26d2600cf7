import { Command } from '@nestjs/cqrs';
import type { ContactMessageView, UpdateContactMessageRequest } from '@nocturne/contracts';

export class UpdateContactMessageStateCommand extends Command<ContactMessageView> {
  constructor(
    readonly messageId: string,
    readonly input: UpdateContactMessageRequest,
    readonly adminId: string,
  ) {
    super();
  }
}
