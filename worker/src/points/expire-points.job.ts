import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { clubNightOf, expiryCutoff, monthOf, planPointsExpiry } from '@nocturne/domain';
import { Ledger } from '@nocturne/ledger';
import { type JobPayload, QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { loadExpiryLedger } from './expiry-ledger.js';
import { PointsExpiryRepository } from './points-expiry.repository.js';

const BATCH = 200;

export type ExpirePointsOutcome =
  | { state: 'off' }
  | {
      state: 'done';
      night: string;
      membersChecked: number;
      membersExpired: number;
      pointsExpired: number;
      warningsQueued: number;
    };

type Warning = JobPayload<'email.points-expiry-warning'>;

/**
 * Nightly (POINTS_EXPIRE_AFTER_MONTHS set): for each member with points in a batch that expires
 * by the end of this month, in one transaction with the member's row locked, expires what is
 * left (after spending, oldest first) of the batches whose warning went out at least 14 nights
 * ago, through one 'expiry' row per night, and records this month's warning when one is due or
 * overdue (the rules are planPointsExpiry's). Running it again finds nothing left to expire
 * (earlier expiries count as spent, and the night's row is unique) and no warning unsent.
 */
@Injectable()
@HandlesJob('maintenance.expire-points')
export class ExpirePointsJob implements JobHandler<'maintenance.expire-points'> {
  private readonly logger = new Logger('ExpirePointsJob');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: PointsExpiryRepository,
    private readonly ledger: Ledger,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectClock() private readonly clock: Clock,
    @InjectQueue(QueueName.Email) private readonly email: Queue,
    @InjectQueue(QueueName.Wallet) private readonly wallet: Queue,
  ) {}

  async handle(): Promise<ExpirePointsOutcome> {
    const months = this.config.POINTS_EXPIRE_AFTER_MONTHS;
    if (!months) return { state: 'off' };
    const timeZone = this.config.VENUE_TZ;
    const night = clubNightOf(this.clock(), timeZone);
    // Everyone with points in a batch that expires by the end of this month: tonight's expiries and warnings.
    const earnedBefore = expiryCutoff(monthOf(night), months, timeZone);
    const outcome = { state: 'done' as const, night, membersChecked: 0, membersExpired: 0, pointsExpired: 0, warningsQueued: 0 };
    let afterId: string | null = null;
    for (;;) {
      const ids = await this.repository.candidates(this.em.fork(), earnedBefore, afterId, BATCH);
      for (const memberId of ids) {
        const { expired, warning } = await this.expireMember(memberId, night, months, timeZone);
        outcome.membersChecked += 1;
        if (expired) {
          outcome.membersExpired += 1;
          outcome.pointsExpired += expired;
          // The member's wallet card shows the balance: it is pushed like any change of points.
          await this.wallet.add('wallet.update-passes', { memberId }, { jobId: `wallet-expiry-${memberId}-${night}` });
        }
        if (warning) {
          // After commit: the delivery row exists, and the job id makes a second run's job the same job.
          await this.email.add('email.points-expiry-warning', warning, {
            jobId: `points-expiry-warning-${warning.memberId}-${warning.month}`,
          });
          outcome.warningsQueued += 1;
        }
      }
      if (ids.length < BATCH) break;
      afterId = ids[ids.length - 1]!;
    }
    if (outcome.pointsExpired || outcome.warningsQueued)
      this.logger.log(`Night ${night}: ${outcome.pointsExpired} points expired, ${outcome.warningsQueued} warnings`);
    return outcome;
  }

  private expireMember(
    memberId: string,
    night: string,
    months: number,
    timeZone: string,
  ): Promise<{ expired: number; warning: Warning | null }> {
    return this.em.fork().transactional(async (tx) => {
      const member = await this.repository.lockMember(tx, memberId);
      // A disabled account cannot sign in to spend: its points wait, whatever warning went out
      // before staff disabled it (security review L8); they are judged again once it is enabled.
      if (!member || member.disabled_at) return { expired: 0, warning: null };
      const { movements, sent, states } = await loadExpiryLedger(this.repository, tx, memberId, timeZone);
      const plan = planPointsExpiry(movements, sent, night, months, timeZone);
      // The night's expiry row is unique: a second run on the same night expires nothing more.
      const expired =
        plan.expire > 0 && (await this.ledger.expire(tx, { memberId, night, points: plan.expire })) ? plan.expire : 0;
      // Deleted accounts cannot sign in to spend: no warning, so (never without one) no expiry.
      if (!plan.warn || member.deleted_at) return { expired, warning: null };
      // A pending warning is queued again (its job id keeps it one job); a failed one waits for next month's.
      const state = states.get(plan.warn) ?? (await this.repository.recordWarning(tx, memberId, plan.warn, member.email));
      return { expired, warning: state === 'pending' ? { memberId, month: plan.warn } : null };
    });
  }
}
