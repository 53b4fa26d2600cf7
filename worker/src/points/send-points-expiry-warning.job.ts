import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { clubNightOf, dateTimeFormat, type ExpiryNoticeLine, pointsExpiryNotice } from '@nocturne/domain';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type DeliveryOutcome, EmailDeliveryService } from '../mail/email-delivery.service.js';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { loadExpiryLedger } from './expiry-ledger.js';
import { expiryWarningKind, PointsExpiryRepository } from './points-expiry.repository.js';

/** 'Tuesday 31 March 2028': a club night's date as a member reads it. */
function nightLabel(night: string): string {
  return dateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${night}T12:00:00Z`));
}

function noticeText(firstName: string, lines: ExpiryNoticeLine[], link: string): string {
  return [
    `Hi ${firstName},`,
    '',
    ...lines.map(
      ({ points, lastNight }) =>
        `${points} of your points expire after the night of ${nightLabel(lastNight)} unless you spend them by then.`,
    ),
    'Points you spend are taken from the oldest first. Your tier stays as it is: it counts every point you have earned.',
    '',
    `Spend them on a coupon: ${link}`,
    '',
    'Nocturne',
  ].join('\n');
}

/**
 * A member's expiry warning of a month: what is left of the batches it covers, worked out when it
 * is sent (the send night sets the expiry of a late warning's batches). Sent once; not sent when
 * nothing is left to lose or another warning already went out this month.
 */
@Injectable()
@HandlesJob('email.points-expiry-warning')
export class SendPointsExpiryWarningJob implements JobHandler<'email.points-expiry-warning'> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: PointsExpiryRepository,
    private readonly deliveries: EmailDeliveryService,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectClock() private readonly clock: Clock,
  ) {}

  async handle({ memberId, month }: JobPayload<'email.points-expiry-warning'>, job: Job): Promise<DeliveryOutcome> {
    const months = this.config.POINTS_EXPIRE_AFTER_MONTHS;
    const member = await this.repository.memberToWarn(this.em, memberId);
    if (!months || !member || member.deleted_at || member.disabled_at) return 'no delivery';
    const timeZone = this.config.VENUE_TZ;
    const { movements, sent } = await loadExpiryLedger(this.repository, this.em, memberId, timeZone);
    // This warning itself, if a retry finds it sent, is answered by deliver() as already sent.
    const others = sent.filter((warning) => warning.month !== month);
    const lines = pointsExpiryNotice(movements, others, month, clubNightOf(this.clock(), timeZone), months, timeZone);
    if (lines.length === 0) return 'no delivery';
    const total = lines.reduce((sum, line) => sum + line.points, 0);
    const link = new URL('/member-dashboard', this.config.APP_URL).toString();
    return this.deliveries.deliver(memberId, expiryWarningKind(month), job, () => ({
      subject: `${total} of your Nocturne points are about to expire`,
      text: noticeText(member.first_name, lines, link),
    }));
  }
}
