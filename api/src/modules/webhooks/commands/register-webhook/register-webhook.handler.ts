import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreatedWebhook } from '@nocturne/contracts';
import { webhookTargetProblem } from '@nocturne/domain/webhook-target';
import { ValidationFailedException } from '#common/http/zod-validation.pipe.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { endpointView } from '#modules/webhooks/webhook-views.js';
import { WebhooksRepository } from '#modules/webhooks/webhooks.repository.js';
import { RegisterWebhookCommand } from './register-webhook.command.js';
import { AuditService } from '#modules/audit/audit.public.js';

/**
 * Registers a receiver. Its host must resolve to public addresses only (unless
 * WEBHOOKS_ALLOW_PRIVATE); the worker checks again before every delivery, since DNS changes.
 * The secret is a Standard Webhooks key: `whsec_` + 32 random bytes in base64.
 */
@CommandHandler(RegisterWebhookCommand)
export class RegisterWebhookHandler implements ICommandHandler<RegisterWebhookCommand, CreatedWebhook> {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    @InjectConfig() private readonly config: ApiConfig,
    private readonly audit: AuditService,
  ) {}

  async execute({ adminId, input }: RegisterWebhookCommand): Promise<CreatedWebhook> {
    const problem = await webhookTargetProblem(input.url, this.config.WEBHOOKS_ALLOW_PRIVATE, (host) =>
      lookup(host, { all: true }),
    );
    if (problem) throw new ValidationFailedException([{ path: 'url', message: problem }]);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    return this.em.fork().transactional(async (tx) => {
      const endpoint = await this.webhooks.insertEndpoint(tx, {
        url: input.url,
        events: input.events,
        secret,
        createdBy: adminId,
      });
      const view = endpointView(endpoint);
      // The signing secret never goes into the row.
      await this.audit.record(tx, {
        action: 'webhook.create',
        targetType: 'webhook_endpoint',
        targetId: view.id,
        after: { ...view },
      });
      return { ...view, secret };
    });
  }
}
