import { Command } from '@nestjs/cqrs';

/** Sends a logged delivery again (a new round of attempts with backoff), whatever its state. */
export class RedeliverWebhookCommand extends Command<{ success: true }> {
  constructor(readonly deliveryId: string) {
    super();
  }
}
