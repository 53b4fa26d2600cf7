import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import type { ApnsClient } from './apns-client.js';
import { WalletRepository } from './wallet.repository.js';

export const APNS_CLIENT = Symbol('APNS_CLIENT');

export type UpdatePassesOutcome = { pushed: number; dropped: number; skipped?: 'apns-off' };

/**
 * A member's points, tier or a coupon's state changed: their passes are marked changed and every
 * device registered for them gets one push (APNs then has the device ask the web service). A
 * device APNs calls unregistered (410) is forgotten; a refusal APNs may lift (429, 5xx) fails
 * the job so it is retried; other refusals (a bad token) are logged.
 */
@Injectable()
@HandlesJob('wallet.update-passes')
export class UpdatePassesJob implements JobHandler<'wallet.update-passes'> {
  private readonly logger = new Logger('UpdatePassesJob');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: WalletRepository,
    @Inject(APNS_CLIENT) private readonly apns: ApnsClient | null,
  ) {}

  async handle({ memberId, userCouponId }: JobPayload<'wallet.update-passes'>): Promise<UpdatePassesOutcome> {
    const em = this.em.fork();
    const tokens = await this.repository.touchPasses(em, memberId, userCouponId);
    if (!this.apns) return { pushed: 0, dropped: 0, skipped: 'apns-off' };
    if (tokens.length === 0) return { pushed: 0, dropped: 0 };
    const outcomes = await this.apns.pushAll(tokens);
    let dropped = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 410) {
        await this.repository.dropPushToken(em, outcome.token);
        dropped++;
      } else if (outcome.status !== 200) {
        this.logger.warn(`APNs refused a pass update push: ${outcome.status} ${outcome.reason ?? ''}`);
      }
    }
    const retry = outcomes.filter((outcome) => outcome.status === 429 || outcome.status >= 500);
    if (retry.length > 0)
      throw new Error(`APNs asked to retry ${retry.length} of ${outcomes.length} pushes (${retry[0]!.status})`);
    return { pushed: outcomes.filter((outcome) => outcome.status === 200).length, dropped };
  }
}
