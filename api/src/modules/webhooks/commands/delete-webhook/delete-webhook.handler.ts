import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WebhooksRepository } from '#modules/webhooks/webhooks.repository.js';
import { DeleteWebhookCommand } from './delete-webhook.command.js';
import { WebhookFailure } from '#modules/webhooks/webhook-failure.js';
import { endpointView } from '#modules/webhooks/webhook-views.js';
import { AuditService } from '#modules/audit/audit.public.js';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, { success: true }> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ endpointId }: DeleteWebhookCommand): Promise<{ success: true }> {
    return this.em.fork().transactional(async (tx) => {
      const deleted = await this.webhooks.deleteEndpoint(tx, endpointId);
      if (!deleted) throw new WebhookFailure('not_found', 'No such webhook endpoint');
      // What webhook.create recorded as its after, so the two rows read as a pair.
      await this.audit.record(tx, {
        action: 'webhook.delete',
        targetType: 'webhook_endpoint',
        targetId: endpointId,
        before: { ...endpointView(deleted) },
        after: {},
      });
      return { success: true as const };
    });
  }
}
