import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { POINTS_EXPIRY_WARNING_DAYS } from '@nocturne/domain';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { expiryWarningKind, PointsExpiryRepository } from '../ledger/points-expiry.repository.js';
import { type DeliveryOutcome, EmailDeliveryService } from '../mail/email-delivery.service.js';
import { HandlesJob, type JobHandler } from './job-handler.js';

/** 'Saturday 28 June 2027': the club night's date as a member reads it. */
function nightLabel(night: string): string {
  return new Date(`${night}T12:00:00Z`).toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Tells a member how many points expire on which night unless they spend them; sent once per batch. */
@Injectable()
@HandlesJob('email.points-expiry-warning')
export class SendPointsExpiryWarningJob implements JobHandler<'email.points-expiry-warning'> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: PointsExpiryRepository,
    private readonly deliveries: EmailDeliveryService,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ memberId, expiresOn, points }: JobPayload<'email.points-expiry-warning'>, job: Job): Promise<DeliveryOutcome> {
    const member = await this.repository.memberToWarn(this.em, memberId);
    if (!member || member.deleted_at) return 'no delivery';
    const link = new URL('/member-dashboard', this.config.APP_URL).toString();
    return this.deliveries.deliver(memberId, expiryWarningKind(expiresOn), job, () => ({
      subject: `${points} of your Nocturne points expire in ${POINTS_EXPIRY_WARNING_DAYS} days`,
      text: [
        `Hi ${member.first_name},`,
        '',
        `${points} of your points expire on ${nightLabel(expiresOn)} unless you spend them before then.`,
        'Points you spend are taken from the oldest first. Your tier stays as it is: it counts every point you have earned.',
        '',
        `Spend them on a coupon: ${link}`,
        '',
        'Nocturne',
      ].join('\n'),
    }));
  }
}
