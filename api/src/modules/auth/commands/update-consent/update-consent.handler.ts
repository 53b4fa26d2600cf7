import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MyConsent } from '@nocturne/contracts';
import {
  DATE_OF_BIRTH_REFUSALS,
  MARKETING_CONSENT_VERSION,
  MARKETING_CONSENT_WORDING,
  dateOfBirthProblem,
  venueDate,
} from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { isoTimestamp } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '#modules/auth/auth-failure.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { UpdateConsentCommand } from './update-consent.command.js';

/**
 * The member's date of birth and marketing consent. A date of birth is added once
 * (members who joined before it was asked), with the same 18-and-over check as sign-up; consent is
 * given or withdrawn with the moment and the wording version, and MemberConsentChanged makes the
 * worker set the ActiveCampaign list status to match.
 */
@CommandHandler(UpdateConsentCommand)
export class UpdateConsentHandler implements ICommandHandler<UpdateConsentCommand, MyConsent> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: AuthRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId, input }: UpdateConsentCommand): Promise<MyConsent> {
    return this.unitOfWork.run(async (tx, raise) => {
      let row = await this.repository.findConsent(tx, memberId);
      if (!row) throw new AuthFailure('unauthorized', 'Please sign in again.');
      if (input?.dateOfBirth !== undefined && input.dateOfBirth !== row.date_of_birth) {
        if (row.date_of_birth !== null) {
          throw new AuthFailure('conflict', 'Your date of birth is already recorded; ask the venue to correct it');
        }
        const problem = dateOfBirthProblem(input.dateOfBirth, venueDate(new Date(), this.config.VENUE_TZ));
        if (problem) {
          const message = DATE_OF_BIRTH_REFUSALS[problem];
          throw new AuthFailure('invalid', message, { issues: [{ path: 'dateOfBirth', message }] });
        }
        await this.repository.setDateOfBirth(tx, memberId, input.dateOfBirth);
      }
      if (input?.marketingConsent !== undefined && input.marketingConsent !== row.marketing_consent) {
        await this.repository.setMarketingConsent(tx, memberId, input.marketingConsent, MARKETING_CONSENT_VERSION);
        await raise(domainEvent('MemberConsentChanged', memberId, { memberId, marketingConsent: input.marketingConsent }));
      }
      if (input) row = (await this.repository.findConsent(tx, memberId))!;
      return {
        dateOfBirth: row.date_of_birth,
        marketingConsent: row.marketing_consent,
        marketingConsentAt: row.marketing_consent_at === null ? null : isoTimestamp(row.marketing_consent_at),
        marketingConsentVersion: row.marketing_consent_version,
        wording: MARKETING_CONSENT_WORDING,
        wordingVersion: MARKETING_CONSENT_VERSION,
      };
    });
  }
}
