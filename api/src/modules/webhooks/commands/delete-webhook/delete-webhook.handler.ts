import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WebhooksRepository } from '../../webhooks.repository.js';
import { DeleteWebhookCommand } from './delete-webhook.command.js';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
  ) {}

  async execute({ endpointId }: DeleteWebhookCommand): Promise<{ success: true }> {
    if (!(await this.webhooks.deleteEndpoint(this.em.fork(), endpointId))) throw new NotFoundException({ message: 'No such webhook endpoint' });
    return { success: true };
  }
}
