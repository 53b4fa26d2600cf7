import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { MailRepository } from './mail.repository.js';
import { Mailer } from './mailer.js';

/**
 * Someone signed up with the e-mail of an existing membership. The sign-up was answered as a new
 * one would be (so it told nobody who is a member); the owner hears of it here, with the ways back
 * in (the sign-in page, and its forgotten-password link). Nothing about the account changed.
 */
@Injectable()
@HandlesJob('email.existing-account-notice')
export class SendExistingAccountNoticeJob implements JobHandler<'email.existing-account-notice'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly mailer: Mailer,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ memberId }: JobPayload<'email.existing-account-notice'>): Promise<string> {
    const member = await this.mail.findMember(this.em, memberId);
    if (!member) return 'member no longer exists';
    const signIn = new URL('/members-login', this.config.APP_URL);
    await this.mailer.send({
      to: member.email,
      subject: 'You already have a Nocturne membership',
      text: [
        `Hi ${member.first_name},`,
        '',
        'Someone (hopefully you) just tried to join Nocturne with this e-mail address, which already has a membership.',
        `Sign in here: ${signIn.toString()}`,
        'Forgot your password? Choose "Forgot password?" on that page and we will e-mail you a link to set a new one.',
        '',
        'If it was not you, ignore this e-mail: nothing about your membership has changed.',
        '',
        'Nocturne',
      ].join('\n'),
    });
    return 'sent';
  }
}
