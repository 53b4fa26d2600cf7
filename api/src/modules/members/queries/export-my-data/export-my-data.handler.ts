import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyDataExport } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '../../../../common/timestamps.js';
import { MyDataRepository } from '../../my-data.repository.js';
import { ExportMyDataQuery } from './export-my-data.query.js';
import { MembersFailure } from '../../members-failure.js';

/**
 * The member's own data in one JSON document: one read per kind of record, each filtered by the
 * member's id (no other member's data can appear).
 */
@QueryHandler(ExportMyDataQuery)
export class ExportMyDataHandler implements IQueryHandler<ExportMyDataQuery, MyDataExport> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: MyDataRepository,
  ) {}

  async execute({ memberId }: ExportMyDataQuery): Promise<MyDataExport> {
    const profile = await this.repository.findProfile(this.em, memberId);
    if (!profile) throw new MembersFailure('not_found', 'No such member');
    const points = await this.repository.pointsHistory(this.em, memberId);
    const coupons = await this.repository.couponsOf(this.em, memberId);
    const comments = await this.repository.commentsOf(this.em, memberId);
    const referrals = await this.repository.referralsOf(this.em, memberId);
    const joined = referrals.rows.find((r) => r.referred_id === memberId);
    const rewards = await this.repository.rewardsOf(this.em, memberId);
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: profile.id,
        email: profile.email,
        firstName: profile.first_name,
        lastName: profile.last_name,
        role: profile.role,
        isAdmin: profile.role === 'admin',
        currentPoints: profile.current_points,
        totalPoints: profile.total_points,
        memberTier: profile.member_tier,
        createdAt: isoTimestamp(profile.created_at),
        lastSignInAt: isoTimestampOrNull(profile.last_sign_in_at),
        dateOfBirth: profile.date_of_birth,
        marketingConsent: profile.marketing_consent,
        marketingConsentAt: isoTimestampOrNull(profile.marketing_consent_at),
        marketingConsentVersion: profile.marketing_consent_version,
      },
      pointsHistory: points.map((r) => ({
        description: r.description,
        points: r.points,
        basePoints: r.base_points,
        tierMultiplier: r.tier_multiplier,
        promotionMultiplier: r.promotion_multiplier,
        kind: r.kind,
        createdAt: isoTimestamp(r.created_at),
      })),
      coupons: coupons.map((r) => ({
        code: r.code,
        title: r.title,
        claimedAt: isoTimestamp(r.claimed_at),
        redeemedAt: isoTimestampOrNull(r.redeemed_at),
      })),
      comments: comments.map((r) => ({
        postTitle: r.title,
        content: r.content,
        createdAt: isoTimestamp(r.created_at),
        removed: r.deleted_at !== null,
      })),
      referrals: {
        inviteCode: referrals.code,
        joinedThroughInvite: joined ? { state: joined.state, createdAt: isoTimestamp(joined.created_at) } : null,
        invited: referrals.rows
          .filter((r) => r.referrer_id === memberId)
          .map((r) => ({ state: r.state, createdAt: isoTimestamp(r.created_at) })),
      },
      rewards: {
        tierCelebrated: rewards.celebrated
          ? { tier: rewards.celebrated.tier, celebratedAt: isoTimestamp(rewards.celebrated.celebrated_at) }
          : null,
        birthdayCoupons: rewards.birthdays.map((r) => ({ year: r.year, grantedAt: isoTimestamp(r.granted_at) })),
        monthlyTierCoupons: rewards.monthly.map((r) => ({ month: r.month, tier: r.tier, grantedAt: isoTimestamp(r.granted_at) })),
      },
    };
  }
}
