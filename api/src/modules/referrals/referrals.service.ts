import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { MembershipSettings } from '@nocturne/contracts';
import {
  isReferralCode,
  isSelfReferral,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  type ReferralParty,
  referralDisplayName,
  referralMonthOf,
  referralWithinCap,
  referredRewardDescription,
  referrerRewardDescription,
  venueDate,
  VISIT_POINTS_PER_NIGHT_DEFAULT,
} from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { randomInt } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from '../ledger/ledger.public.js';
import { ReferralsRepository } from './referrals.repository.js';

/** A new code's tries: a collision at 31^10 codes is odds no venue meets, but a retry costs nothing. */
const CODE_ATTEMPTS = 5;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** What recording a sign-up's invite code did. */
export type SignUpReferral = 'none' | 'unknown' | 'pending' | 'self' | 'monthly_cap';

/**
 * Referrals (PRODUCT.md §2.5): members' invite codes, the referral a sign-up through one records,
 * and the points the invited member's first visit pays both. The settings (points, monthly cap,
 * birthday coupon) are the manager's, falling back to REFERRAL_POINTS and REFERRALS_PER_MONTH.
 */
@Injectable()
export class Referrals {
  constructor(
    private readonly repository: ReferralsRepository,
    private readonly ledger: LedgerService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async settings(em: EntityManager): Promise<MembershipSettings> {
    const stored = await this.repository.settings(em);
    return {
      referralPoints: stored?.referral_points ?? this.config.REFERRAL_POINTS,
      referralsPerMonth: stored?.referrals_per_month ?? this.config.REFERRALS_PER_MONTH,
      birthdayCouponId: stored?.birthday_coupon_id ?? null,
      visitPointsPerNight: stored?.visit_points_per_night ?? VISIT_POINTS_PER_NIGHT_DEFAULT,
    };
  }

  /** The member's invite code, given now if they have none: theirs for good after that. */
  async codeOf(em: EntityManager, memberId: string): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const stored = await this.repository.codeOf(em, memberId);
      if (stored) return stored;
      await this.repository.insertCode(em, memberId, newReferralCode());
    }
    const stored = await this.repository.codeOf(em, memberId);
    if (!stored) throw new Error('Could not store an invite code');
    return stored;
  }

  /**
   * Records the referral of a member signing up with an invite code, in the sign-up's transaction.
   * An unknown code (or one whose member is deleted or disabled) records nothing and never blocks
   * the sign-up. A self-referral is recorded refused ('self'), and so is one past the referrer's
   * monthly cap ('monthly_cap': pending and earned referrals made this venue month count).
   */
  async recordSignUp(tx: EntityManager, referred: ReferralParty, code: string | undefined): Promise<SignUpReferral> {
    if (!code) return 'none';
    if (!isReferralCode(code)) return 'unknown';
    const referrer = await this.repository.lockReferrerByCode(tx, code);
    if (!referrer) return 'unknown';
    const party: ReferralParty = {
      id: referrer.id,
      email: referrer.email,
      firstName: referrer.first_name,
      lastName: referrer.last_name,
      dateOfBirth: referrer.date_of_birth,
    };
    let outcome: SignUpReferral = 'pending';
    if (isSelfReferral(party, referred)) outcome = 'self';
    else {
      const { referralsPerMonth } = await this.settings(tx);
      const month = referralMonthOf(venueDate(new Date(), this.config.VENUE_TZ));
      const counted = await this.repository.countedInMonth(tx, referrer.id, month, this.config.VENUE_TZ);
      if (!referralWithinCap(counted, referralsPerMonth)) outcome = 'monthly_cap';
    }
    await this.repository.insertReferral(tx, {
      referrerId: referrer.id,
      referredId: referred.id,
      state: outcome === 'pending' ? 'pending' : 'refused',
      refusal: outcome === 'pending' ? null : outcome,
    });
    return outcome;
  }

  /**
   * The invited member's first visit (a card scan, or a coupon redeemed by door staff): a pending
   * referral becomes earned and pays both members the points set now, through the ledger with the
   * referral as the source, so it pays each at most once however often this runs. A referrer
   * whose account was deleted is not paid.
   */
  async payFirstVisit(tx: EntityManager, memberId: string, raise: Raise): Promise<void> {
    const pending = await this.repository.lockPendingOf(tx, memberId);
    if (!pending) return;
    const { referralPoints } = await this.settings(tx);
    await this.repository.markEarned(tx, pending.id, referralPoints);
    await raise(
      domainEvent('ReferralEarned', pending.id, {
        referralId: pending.id,
        referrerId: pending.referrer_id,
        referredId: pending.referred_id,
        points: referralPoints,
      }),
    );
    if (referralPoints <= 0) return;
    const referrer = await this.repository.party(tx, pending.referrer_id);
    const referred = await this.repository.party(tx, pending.referred_id);
    const source = { kind: 'referral' as const, sourceType: 'referral', sourceId: pending.id, points: referralPoints };
    await this.ledger.credit(
      tx,
      { ...source, memberId: referred.id, description: referredRewardDescription(referrer.first_name) },
      raise,
    );
    if (referrer.deleted_at) return;
    await this.ledger.credit(
      tx,
      {
        ...source,
        memberId: referrer.id,
        description: referrerRewardDescription(referralDisplayName(referred.first_name, referred.last_name)),
      },
      raise,
    );
  }
}
