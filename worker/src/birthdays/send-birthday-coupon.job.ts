import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { birthdayMailText, BIRTHDAY_MAIL_SUBJECT } from '@nocturne/domain';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type DeliveryOutcome, EmailDeliveryService } from '../mail/email-delivery.service.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { BirthdaysRepository, birthdayMailKind } from './birthdays.repository.js';

/**
 * A member's birthday e-mail of a year: a service message about the coupon they were given (sent
 * whatever their marketing consent), once; not to a deleted or disabled account.
 */
@Injectable()
@HandlesJob('email.birthday-coupon')
export class SendBirthdayCouponJob implements JobHandler<'email.birthday-coupon'> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: BirthdaysRepository,
    private readonly deliveries: EmailDeliveryService,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ memberId, year }: JobPayload<'email.birthday-coupon'>, job: Job): Promise<DeliveryOutcome> {
    const facts = await this.repository.mailFacts(this.em, memberId, year);
    if (!facts || facts.deleted_at || facts.disabled_at) return 'no delivery';
    const link = new URL('/member-dashboard?tab=coupons', this.config.APP_URL).toString();
    return this.deliveries.deliver(memberId, birthdayMailKind(year), job, () => ({
      subject: BIRTHDAY_MAIL_SUBJECT,
      text: birthdayMailText(facts.first_name, facts.title ?? 'your birthday coupon', link),
    }));
  }
}
