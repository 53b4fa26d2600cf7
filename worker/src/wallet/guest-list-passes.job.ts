import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { addDays, nightInstant, venueTimeZone } from '@nocturne/domain';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { WalletRepository } from './wallet.repository.js';

/** How often the schedule runs this sweep (wallet.module.ts). */
export const GUEST_LIST_PASSES_EVERY_MS = 15 * 60_000;
/** A night whose last entry passed within this long is pushed: the sweep's period and five minutes of overlap. */
const LOOK_BACK_MS = GUEST_LIST_PASSES_EVERY_MS + 5 * 60_000;

export type GuestListPassesOutcome = { cards: number };

/**
 * A member's Wallet card shows their next guest-list night until its last entry (the api's
 * CardGuestList). Nothing changes in the database when that time passes, so no event pushes the
 * card: every quarter hour this sweep queues `wallet.update-passes` for each card whose night's
 * last entry passed since the sweep before (with a little overlap), so the phone fetches a card
 * showing the next night, or none. The job id is the entry's, so a second sweep that sees the same
 * entry makes the same job while the first is kept.
 */
@Injectable()
@HandlesJob('maintenance.guest-list-passes')
export class GuestListPassesJob implements JobHandler<'maintenance.guest-list-passes'> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: WalletRepository,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectClock() private readonly clock: Clock,
    @InjectQueue(QueueName.Wallet) private readonly wallet: Queue,
  ) {}

  async handle(): Promise<GuestListPassesOutcome> {
    const now = this.clock();
    const today = now.toISOString().slice(0, 10);
    // A night's last entry is at most a day and a half after its date in any zone.
    const entries = await this.repository.guestListCards(this.em.fork(), addDays(today, -3), today);
    let cards = 0;
    for (const entry of entries) {
      const ended = nightInstant(
        entry.night,
        entry.last_entry,
        venueTimeZone({ timeZone: entry.time_zone }, { timeZone: this.config.VENUE_TZ }),
      ).getTime();
      if (ended > now.getTime() || ended <= now.getTime() - LOOK_BACK_MS) continue;
      await this.wallet.add('wallet.update-passes', { memberId: entry.member_id }, { jobId: `wallet-guest-list-${entry.id}` });
      cards += 1;
    }
    return { cards };
  }
}
