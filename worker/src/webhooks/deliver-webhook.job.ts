import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { webhookTargetProblem } from '@nocturne/domain/webhook-target';
import type { JobPayload } from '@nocturne/queues';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { type Agent, fetch } from 'undici';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { isFinalAttempt } from '../runtime/final-attempt.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { DEFAULT_GATE_OPTIONS, EndpointGates } from './endpoint-gates.js';
import { createWebhookAgent, InjectWebhookResolver, refusedTarget, type ResolveAll } from './webhook-agent.js';
import { type WebhookDeliveryState, WebhooksRepository } from './webhooks.repository.js';

const TIMEOUT_MS = 10_000;

/**
 * Sends one delivery, signed per Standard Webhooks (webhook-id is the delivery id, the same on
 * every retry). A 2xx answer succeeds; anything else is recorded and retried with backoff until
 * the last attempt marks the delivery failed. A target that is (or now resolves to) a private
 * address fails at once unless WEBHOOKS_ALLOW_PRIVATE: checked first for a clear message, and again
 * by the connection's own lookup (webhook-agent.ts), so a name cannot answer differently in between.
 */
@Injectable()
@HandlesJob('webhooks.deliver')
export class DeliverWebhookJob implements JobHandler<'webhooks.deliver'> {
  private readonly agent: Agent;
  private readonly gates: EndpointGates;

  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: WebhooksRepository,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectWebhookResolver() private readonly resolve: ResolveAll,
  ) {
    this.agent = createWebhookAgent(resolve, config.WEBHOOKS_ALLOW_PRIVATE);
    this.gates = new EndpointGates({ ...DEFAULT_GATE_OPTIONS, concurrency: config.WEBHOOKS_ENDPOINT_CONCURRENCY });
  }

  async handle({ deliveryId }: JobPayload<'webhooks.deliver'>, job: Job): Promise<string> {
    const row = await this.webhooks.findDelivery(this.em, deliveryId);
    if (!row || row.state === 'succeeded') return 'nothing to send';
    const problem = await webhookTargetProblem(row.url, this.config.WEBHOOKS_ALLOW_PRIVATE, this.resolve);
    if (problem) return this.refuse(deliveryId, problem);
    // One slow or failing receiver delays only itself (security review L10): come back later
    // rather than hold a slot of the queue, and burn no attempt.
    const gate = this.gates.enter(row.endpoint_id);
    if (!gate.go) {
      await job.moveToDelayed(Date.now() + gate.waitMs, job.token);
      throw new DelayedError(`Webhook delivery postponed: ${gate.why}`);
    }
    let ok = false;
    try {
      ok = await this.send(deliveryId, row, job);
      return 'delivered';
    } finally {
      this.gates.leave(row.endpoint_id, ok);
    }
  }

  /** One attempt: true when the receiver answered 2xx; a refused target or a failed attempt throws. */
  private async send(
    deliveryId: string,
    row: { id: string; payload: unknown; url: string; secret: string },
    job: Job,
  ): Promise<boolean> {
    const body = JSON.stringify(row.payload);
    const timestamp = new Date();
    const signature = new Webhook(row.secret).sign(row.id, timestamp, body);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answer = await fetch(row.url, {
        method: 'POST',
        body,
        redirect: 'manual',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'webhook-id': row.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      status = answer.status;
      await answer.body?.cancel();
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (failure) {
      const refused = refusedTarget(failure);
      if (refused) return this.refuse(deliveryId, refused.message);
      error = (failure as Error).message;
    }
    if (!error) {
      await this.record(deliveryId, 'succeeded', status, null);
      return true;
    }
    await this.record(deliveryId, isFinalAttempt(job) ? 'failed' : 'pending', status, error);
    throw new Error(`Webhook delivery failed: ${error}`);
  }

  private async refuse(deliveryId: string, problem: string): Promise<never> {
    await this.record(deliveryId, 'failed', null, `Target refused: ${problem}`);
    throw new UnrecoverableError(`Webhook target refused: ${problem}`);
  }

  private async record(id: string, state: WebhookDeliveryState, status: number | null, error: string | null): Promise<void> {
    await this.webhooks.recordAttempt(this.em, id, state, status, error?.slice(0, 500) ?? null);
  }
}
