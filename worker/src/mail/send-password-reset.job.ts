import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ROLE_AS, type StaffRole } from '@nocturne/domain';
import type { JobPayload } from '@nocturne/queues';
import { createHash, randomBytes } from 'node:crypto';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { MailRepository } from './mail.repository.js';
import { Mailer } from './mailer.js';

const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** An invitation waits longer than a reset: the new staffer may not read the e-mail within the hour. */
const INVITATION_TOKEN_TTL_MS = 72 * 60 * 60_000;

/** The e-mail of a reset link, or of a staff invitation naming the role (PRODUCT.md §6). */
function mailFor(firstName: string, link: URL, invitedAs: StaffRole | undefined): { subject: string; text: string } {
  if (invitedAs) {
    const role = ROLE_AS[invitedAs];
    return {
      subject: `You're invited to the Nocturne staff as ${role}`,
      text: [
        `Hi ${firstName},`,
        '',
        `You have been invited to the Nocturne staff as ${role}.`,
        `Choose your password here within the next 72 hours: ${link.toString()}`,
        'Then sign in with this e-mail address and that password.',
        '',
        'If you did not expect this, ignore this e-mail: nobody can sign in without the password you choose.',
        '',
        'Nocturne',
      ].join('\n'),
    };
  }
  return {
    subject: 'Reset your Nocturne password',
    text: [
      `Hi ${firstName},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Nocturne membership.',
      `Choose a new password here within the next hour: ${link.toString()}`,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
      '',
      'Nocturne',
    ].join('\n'),
  };
}

/**
 * Makes the one-time reset token and e-mails its link (or, for `invitedAs`, the staff invitation
 * with the same kind of link). The token exists only in the e-mail; the database keeps its hash.
 * A retry of the same request replaces the token instead of adding one.
 */
@Injectable()
@HandlesJob('email.password-reset')
export class SendPasswordResetJob implements JobHandler<'email.password-reset'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly mailer: Mailer,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ memberId, requestId, invitedAs }: JobPayload<'email.password-reset'>): Promise<string> {
    const member = await this.mail.findMember(this.em, memberId);
    if (!member) return 'member no longer exists';
    const token = randomBytes(32).toString('base64url');
    const saved = await this.mail.saveResetToken(this.em, {
      memberId,
      requestId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + (invitedAs ? INVITATION_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS)),
    });
    if (!saved) return 'already used';
    const link = new URL('/reset-password', this.config.APP_URL);
    link.searchParams.set('token', token);
    // The page then speaks of choosing a first password, not of changing one.
    if (invitedAs) link.searchParams.set('invited', '1');
    await this.mailer.send({ to: member.email, ...mailFor(member.first_name, link, invitedAs) });
    return 'sent';
  }
}
