import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { clubNightOf, type Tier } from '@nocturne/domain';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { TierCouponsRepository } from './tiers.repository.js';

const BATCH = 200;

export type GrantTierCouponsOutcome = { state: 'off' } | { state: 'done'; month: string; granted: number; unavailable: Tier[] };

/** Thrown inside a grant's transaction to roll it back when the coupon cannot be given. */
class CouponUnavailable extends Error {}

/**
 * Daily: every member (not deleted, not disabled) of a tier with a monthly coupon gets it once per
 * venue month — the month of the club night (06:00 to 06:00 venue time), as
 * `monthlyCouponGrantKey` says, so 02:00 on 1 January still counts for December. The unique key of
 * tier_coupon_grants (member, month) makes a re-run, a second worker or a run later in the month
 * (the worker was down on the 1st) give nothing more. A tier whose coupon is inactive, archived or
 * out of uses is skipped this run (logged), the others still given. Off while no tier has a coupon.
 */
@Injectable()
@HandlesJob('maintenance.grant-tier-coupons')
export class GrantTierCouponsJob implements JobHandler<'maintenance.grant-tier-coupons'> {
  private readonly logger = new Logger('GrantTierCouponsJob');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: TierCouponsRepository,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectClock() private readonly clock: Clock,
    @InjectQueue(QueueName.Wallet) private readonly wallet: Queue,
  ) {}

  async handle(): Promise<GrantTierCouponsOutcome> {
    const coupons = new Map((await this.repository.tierCoupons(this.em.fork())).map((row) => [row.tier, row.monthly_coupon_id]));
    if (coupons.size === 0) return { state: 'off' };
    const month = clubNightOf(this.clock(), this.config.VENUE_TZ).slice(0, 7);
    const outcome = { state: 'done' as const, month, granted: 0, unavailable: [] as Tier[] };
    let afterId: string | null = null;
    for (;;) {
      const tiers = [...coupons.keys()].filter((tier) => !outcome.unavailable.includes(tier));
      if (tiers.length === 0) break;
      const members = await this.repository.candidates(this.em.fork(), tiers, month, afterId, BATCH);
      for (const member of members) {
        const tier = member.member_tier;
        const couponId = coupons.get(tier);
        if (!couponId || outcome.unavailable.includes(tier)) continue;
        try {
          const result = await this.em.fork().transactional(async (tx) => {
            const answer = await this.repository.grant(tx, member.id, month, tier, couponId);
            if (answer === 'unavailable') throw new CouponUnavailable();
            return answer;
          });
          if (result === 'granted') {
            outcome.granted += 1;
            // The member's wallet passes show their coupons: pushed like any claim (after commit).
            await this.wallet.add(
              'wallet.update-passes',
              { memberId: member.id },
              { jobId: `wallet-tier-coupon-${member.id}-${month}` },
            );
          }
        } catch (error) {
          if (!(error instanceof CouponUnavailable)) throw error;
          this.logger.warn(`The ${tier} monthly coupon ${couponId} cannot be given: inactive, archived or no uses left`);
          outcome.unavailable.push(tier);
        }
      }
      if (members.length < BATCH) break;
      afterId = members[members.length - 1]!.id;
    }
    if (outcome.granted) this.logger.log(`${month}: ${outcome.granted} monthly tier coupons given`);
    return outcome;
  }
}
