import { Command } from '@nestjs/cqrs';
import type { ContactRequest } from '@nocturne/contracts';

export class ReceiveContactMessageCommand extends Command<{ id: string }> {
  constructor(
    readonly input: ContactRequest,
    readonly ip: string,
  ) {
    super();
  }
}
