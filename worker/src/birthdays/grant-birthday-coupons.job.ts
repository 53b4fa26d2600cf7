import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { addDays, birthdayWeekOf, venueDate } from '@nocturne/domain';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { BirthdayCouponUnavailable, BirthdaysRepository } from './birthdays.repository.js';

const BATCH = 200;

export type GrantBirthdaysOutcome =
  | { state: 'off' }
  | { state: 'unavailable'; today: string; granted: number }
  | { state: 'done'; today: string; checked: number; granted: number; mailsQueued: number };

/**
 * Daily: every member (not deleted, not disabled) whose birthday week (venue time, birthdayWeekOf:
 * Monday to Sunday, 29 February kept on 28 February in common years) holds today gets the
 * manager's birthday coupon, once for the birthday's year (birthday_grants' unique key: a re-run
 * or a second worker gives nothing more), and an e-mail about it. Off while no coupon is set.
 */
@Injectable()
@HandlesJob('maintenance.grant-birthday-coupons')
export class GrantBirthdayCouponsJob implements JobHandler<'maintenance.grant-birthday-coupons'> {
  private readonly logger = new Logger('GrantBirthdayCouponsJob');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: BirthdaysRepository,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectClock() private readonly clock: Clock,
    @InjectQueue(QueueName.Email) private readonly email: Queue,
    @InjectQueue(QueueName.Wallet) private readonly wallet: Queue,
  ) {}

  async handle(): Promise<GrantBirthdaysOutcome> {
    const couponId = await this.repository.birthdayCouponId(this.em.fork());
    if (!couponId) return { state: 'off' };
    const today = venueDate(this.clock(), this.config.VENUE_TZ);
    // A birthday week holding today has its birthday within six days of it.
    const months = [...new Set([-6, 0, 6].map((days) => addDays(today, days).slice(5, 7)))];
    const outcome = { state: 'done' as const, today, checked: 0, granted: 0, mailsQueued: 0 };
    let afterId: string | null = null;
    for (;;) {
      const members = await this.repository.candidates(this.em.fork(), months, afterId, BATCH);
      for (const member of members) {
        const week = birthdayWeekOf(member.date_of_birth, today);
        if (!week) continue;
        outcome.checked += 1;
        try {
          const granted = await this.em.fork().transactional((tx) => this.repository.grant(tx, member.id, week.year, couponId));
          if (granted) {
            outcome.granted += 1;
            // The member's wallet passes show their coupons: pushed like any claim (after commit).
            await this.wallet.add(
              'wallet.update-passes',
              { memberId: member.id },
              { jobId: `wallet-birthday-${member.id}-${week.year}` },
            );
          }
        } catch (error) {
          if (!(error instanceof BirthdayCouponUnavailable)) throw error;
          this.logger.warn(`Birthday coupon ${couponId} cannot be given: archived or no uses left`);
          return { state: 'unavailable', today, granted: outcome.granted };
        }
        // After commit; a pending e-mail left by an earlier run is queued again (the job id keeps it one job).
        if ((await this.repository.mailState(this.em.fork(), member.id, week.year)) === 'pending') {
          await this.email.add(
            'email.birthday-coupon',
            { memberId: member.id, year: week.year },
            { jobId: `birthday-coupon-${member.id}-${week.year}` },
          );
          outcome.mailsQueued += 1;
        }
      }
      if (members.length < BATCH) break;
      afterId = members[members.length - 1]!.id;
    }
    if (outcome.granted) this.logger.log(`${today}: ${outcome.granted} birthday coupons given`);
    return outcome;
  }
}
