import { Command } from '@nestjs/cqrs';
import type { CreatedWebhook, CreateWebhookRequest } from '@nocturne/contracts';

export class RegisterWebhookCommand extends Command<CreatedWebhook> {
  constructor(
    readonly adminId: string,
    readonly input: CreateWebhookRequest,
  ) {
    super();
  }
}
