import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WebhooksRepository } from '../../webhooks.repository.js';
import { DeleteWebhookCommand } from './delete-webhook.command.js';
import { WebhookFailure } from '../../webhook-failure.js';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
  ) {}

  async execute({ endpointId }: DeleteWebhookCommand): Promise<{ success: true }> {
    if (!(await this.webhooks.deleteEndpoint(this.em.fork(), endpointId)))
      throw new WebhookFailure('not_found', 'No such webhook endpoint');
    return { success: true };
  }
}
