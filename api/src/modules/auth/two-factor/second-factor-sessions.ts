import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { hashToken, SessionService } from '../session.service.js';
import type { AuthenticatedMember } from '../user-view.js';
import { REMEMBER_DEVICE_MS } from './remembered-device.js';
import { hashRecoveryCode, newRecoveryCodes } from './totp.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/** What a verified second factor answers: the device cookie's token when the device is to be remembered. */
export interface Satisfied {
  deviceToken?: string;
}

/**
 * What every kind of factor does once it is verified or enrolled: the session is satisfied (and
 * records when), the device remembered if asked, recovery codes issued, and this replica's cached
 * sessions of the member dropped after the commit.
 */
@Injectable()
export class SecondFactorSessions {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TwoFactorRepository,
    private readonly sessions: SessionService,
  ) {}

  async enrolled(tx: EntityManager, member: AuthenticatedMember, rememberDevice: boolean): Promise<Satisfied> {
    await this.repository.touchMember(tx, member.id);
    return this.satisfy(tx, member, rememberDevice);
  }

  async satisfy(tx: EntityManager, member: AuthenticatedMember, rememberDevice: boolean): Promise<Satisfied> {
    await this.repository.setSessionSatisfied(tx, member.sessionId);
    if (!rememberDevice) return {};
    const deviceToken = randomBytes(32).toString('base64url');
    await this.repository.rememberDevice(tx, member.id, hashToken(deviceToken), new Date(Date.now() + REMEMBER_DEVICE_MS));
    return { deviceToken };
  }

  async issueRecoveryCodes(tx: EntityManager, member: AuthenticatedMember): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(tx, member.id, codes.map(hashRecoveryCode));
    return codes;
  }

  /** Runs `work` in a transaction, then drops this replica's cached sessions of the member (they read the change next). */
  async committed<T>(memberId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.unitOfWork.run(work);
    this.sessions.forgetMember(memberId);
    return result;
  }
}
