import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { isFinalAttempt } from '../runtime/final-attempt.js';
import { MailRepository } from './mail.repository.js';
import { Mailer, type OutgoingMail } from './mailer.js';

export type DeliveryOutcome = 'sent' | 'already sent' | 'no delivery';

/**
 * Sends one recorded e-mail (an email_deliveries row written with the message or booking) at
 * most once per success: a delivery marked sent is never sent again by a retried job. Each try
 * is counted; a failure leaves it pending with the error until the job's last attempt, then
 * marks it failed. Admins see all of it.
 */
@Injectable()
export class EmailDeliveryService {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly mailer: Mailer,
    // sent_at is the worker's clock: points expiry counts 14 nights from it, and tests set the night.
    @InjectClock() private readonly clock: Clock,
  ) {}

  async deliver(
    subjectId: string,
    kind: string,
    job: Job,
    compose: (recipient: string) => Omit<OutgoingMail, 'to'> | undefined,
  ): Promise<DeliveryOutcome> {
    const delivery = await this.mail.findDelivery(this.em, subjectId, kind);
    if (!delivery) return 'no delivery';
    if (delivery.state === 'sent') return 'already sent';
    const mail = compose(delivery.recipient);
    if (!mail) return 'no delivery';
    await this.mail.countAttempt(this.em, delivery.id);
    try {
      await this.mailer.send({ ...mail, to: delivery.recipient });
    } catch (error) {
      const state = isFinalAttempt(job) ? 'failed' : 'pending';
      await this.mail.recordFailure(this.em, delivery.id, state, (error as Error).message.slice(0, 1000));
      throw error;
    }
    await this.mail.markSent(this.em, delivery.id, this.clock());
    return 'sent';
  }
}
