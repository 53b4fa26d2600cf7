import { Command } from '@nestjs/cqrs';

/** Removes an endpoint and its delivery log; queued deliveries find nothing to send. */
export class DeleteWebhookCommand extends Command<{ success: true }> {
  constructor(readonly endpointId: string) {
    super();
  }
}
