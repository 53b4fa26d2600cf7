import type { MyDataExport } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import type { MyDataRepository } from '#modules/members/my-data.repository.js';

/**
 * How each record of the member's data export is written: pure functions from a row to its part of
 * the MyDataExport document, kept apart from how the rows are read and streamed.
 */
type Rows<Method extends keyof MyDataRepository> = Awaited<ReturnType<MyDataRepository[Method]>>;
type Profile = NonNullable<Rows<'findProfile'>>;

export function profileEntry(profile: Profile): MyDataExport['profile'] {
  return {
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
  };
}

export function pointsEntry(r: Rows<'pointsBatch'>[number]): MyDataExport['pointsHistory'][number] {
  return {
    description: r.description,
    points: r.points,
    basePoints: r.base_points,
    tierMultiplier: r.tier_multiplier,
    promotionMultiplier: r.promotion_multiplier,
    kind: r.kind,
    createdAt: isoTimestamp(r.created_at),
  };
}

export function couponEntry(r: Rows<'couponsBatch'>[number]): MyDataExport['coupons'][number] {
  return { code: r.code, title: r.title, claimedAt: isoTimestamp(r.claimed_at), redeemedAt: isoTimestampOrNull(r.redeemed_at) };
}

export function commentEntry(r: Rows<'commentsBatch'>[number]): MyDataExport['comments'][number] {
  return { postTitle: r.title, content: r.content, createdAt: isoTimestamp(r.created_at), removed: r.deleted_at !== null };
}

export function guestListEntry(r: Rows<'guestListsBatch'>[number]): MyDataExport['guestLists'][number] {
  return {
    event: r.title,
    night: r.night,
    plusOnes: r.plus_ones,
    arrivedCount: r.arrived_count,
    joinedAt: isoTimestamp(r.created_at),
  };
}

export function referralsEntry(memberId: string, referrals: Rows<'referralsOf'>): MyDataExport['referrals'] {
  const joined = referrals.rows.find((r) => r.referred_id === memberId);
  return {
    inviteCode: referrals.code,
    joinedThroughInvite: joined ? { state: joined.state, createdAt: isoTimestamp(joined.created_at) } : null,
    invited: referrals.rows
      .filter((r) => r.referrer_id === memberId)
      .map((r) => ({ state: r.state, createdAt: isoTimestamp(r.created_at) })),
  };
}

export function rewardsEntry(rewards: Rows<'rewardsOf'>): MyDataExport['rewards'] {
  return {
    tierCelebrated: rewards.celebrated
      ? { tier: rewards.celebrated.tier, celebratedAt: isoTimestamp(rewards.celebrated.celebrated_at) }
      : null,
    birthdayCoupons: rewards.birthdays.map((r) => ({ year: r.year, grantedAt: isoTimestamp(r.granted_at) })),
    monthlyTierCoupons: rewards.monthly.map((r) => ({ month: r.month, tier: r.tier, grantedAt: isoTimestamp(r.granted_at) })),
  };
}
