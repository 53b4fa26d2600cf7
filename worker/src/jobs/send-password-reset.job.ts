import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { createHash, randomBytes } from 'node:crypto';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { Mailer } from '../mail/mailer.js';
import { HandlesJob, type JobHandler } from './job-handler.js';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Makes the one-time reset token and e-mails its link. The token exists only in the e-mail; the
 * database keeps its hash. A retry of the same request replaces the token instead of adding one.
 */
@Injectable()
@HandlesJob('email.password-reset')
export class SendPasswordResetJob implements JobHandler<'email.password-reset'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mailer: Mailer,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ memberId, requestId }: JobPayload<'email.password-reset'>): Promise<string> {
    const member = (
      await this.em.execute<{ email: string; first_name: string }[]>('select email, first_name from members where id = ?', [memberId])
    )[0];
    if (!member) return 'member no longer exists';
    const token = randomBytes(32).toString('base64url');
    const saved = await this.em.execute<{ id: string }[]>(
      `insert into password_reset_tokens (member_id, request_id, token_hash, expires_at) values (?, ?, ?, ?)
         on conflict (request_id) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at
         where password_reset_tokens.used_at is null
         returning id`,
      [memberId, requestId, createHash('sha256').update(token).digest('hex'), new Date(Date.now() + RESET_TOKEN_TTL_MS)],
    );
    if (!saved.length) return 'already used';
    const link = new URL('/reset-password', this.config.APP_URL);
    link.searchParams.set('token', token);
    await this.mailer.send({
      to: member.email,
      subject: 'Reset your Nocturne password',
      text: [
        `Hi ${member.first_name},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Nocturne membership.',
        `Choose a new password here within the next hour: ${link.toString()}`,
        '',
        'If it was not you, ignore this e-mail: your password stays as it is.',
        '',
        'Nocturne',
      ].join('\n'),
    });
    return 'sent';
  }
}
