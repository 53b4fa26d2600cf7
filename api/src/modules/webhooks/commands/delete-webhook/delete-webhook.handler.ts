import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WebhooksRepository } from '../../webhooks.repository.js';
import { DeleteWebhookCommand } from './delete-webhook.command.js';
import { WebhookFailure } from '../../webhook-failure.js';
import { AuditService } from '../../../audit/audit.public.js';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ endpointId }: DeleteWebhookCommand): Promise<{ success: true }> {
    return this.em.fork().transactional(async (tx) => {
      if (!(await this.webhooks.deleteEndpoint(tx, endpointId)))
        throw new WebhookFailure('not_found', 'No such webhook endpoint');
      await this.audit.record(tx, { action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: endpointId });
      return { success: true as const };
    });
  }
}
