import type { Database } from '@nocturne/db';
import {
  CLAIM_REFUSALS,
  type ClaimObstacle,
  claimRefusalWords,
  type CouponUnusable,
  meetsTier,
  type Tier,
  TIERS,
  type UserCouponState,
} from '@nocturne/domain';
import { type AliasableExpression, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';

/*
 * "Can this member claim this coupon now?", written once, in two forms kept side by side: `holds`
 * judges a coupon already read into memory (the claim's refusal, Redeem Now, the door scans, the
 * staff's view of a member's coupons); `sql` asks PostgreSQL the same question inside a statement
 * (the claim's conditional update, the members' list, the overview's count of live coupons).
 * api/test/claim-rules.spec.ts gives both random coupons, members, claims and times on a real
 * database and requires the same answer from each.
 */

export interface CouponTerms {
  isActive: boolean;
  archivedAt: Date | null;
  validUntil: Date | null;
  requiredTier: Tier;
  maxUses: number | null;
  claimedCount: number;
  perMemberLimit: number;
  pointsCost: number;
}

export interface ClaimantState {
  tier: Tier;
  currentPoints: number;
  /** How many times this member has already claimed the coupon. */
  claims: number;
}

/** The claimant's facts as SQL expressions: what `ClaimantState` holds, read by the statement itself. */
export interface ClaimantFacts {
  tier: Expression<string>;
  points: Expression<number>;
  claims: Expression<number>;
}

export interface ClaimRefusal {
  obstacle: ClaimObstacle;
  /** What kind of refusal (the exception filter picks the HTTP status). */
  kind: 'forbidden' | 'conflict';
  /** The claim answer's message, shown by the SPA as is. */
  message: string;
  /** The short reason beside a coupon that is listed but not claimable. */
  reason: string;
}

/** Expressions over the `coupons` table, by that name (statements using these do not alias it). */
type CouponsBuilder = ExpressionBuilder<Database, 'coupons'>;
/** A timestamptz: the statement's `now()`, or a given instant. */
type Instant = Expression<string>;
/** What makes a coupon usable or not, whoever asks. */
type CouponState = Pick<CouponTerms, 'isActive' | 'archivedAt' | 'validUntil'>;

/** The statement's own clock: the transaction's start, as every row it writes is stamped. */
const databaseNow = (): Instant => sql<string>`now()`;

/** A tier's place in TIERS, in SQL (tiers are text: their order lives here, not in the database). */
const tierRank = (tier: Expression<string>) => sql<number>`array_position(${sql.val([...TIERS])}::text[], ${tier})`;

const fullyClaimed = {
  holds: (coupon: CouponTerms) => coupon.maxUses !== null && coupon.claimedCount >= coupon.maxUses,
  sql: (eb: CouponsBuilder) =>
    eb.and([eb('coupons.max_uses', 'is not', null), eb('coupons.claimed_count', '>=', eb.ref('coupons.max_uses'))]),
};

/** The three obstacles that stop everyone, in order: a coupon no one may claim, redeem or have scanned. */
const UNUSABLE: {
  [O in CouponUnusable]: {
    holds: (coupon: CouponState, now: Date) => boolean;
    sql: (eb: CouponsBuilder, now: Instant) => Expression<SqlBool>;
  };
} = {
  withdrawn: {
    holds: (coupon) => coupon.archivedAt !== null,
    sql: (eb) => eb('coupons.archived_at', 'is not', null),
  },
  paused: {
    holds: (coupon) => !coupon.isActive,
    sql: (eb) => eb.not(eb.ref('coupons.is_active')),
  },
  // validUntil is the first instant that is too late: a coupon valid until 06:00 is expired at 06:00.
  expired: {
    holds: (coupon, now) => coupon.validUntil !== null && coupon.validUntil.getTime() <= now.getTime(),
    sql: (eb, now) => eb.and([eb('coupons.valid_until', 'is not', null), eb('coupons.valid_until', '<=', now)]),
  },
};

/** Then, in order, what a usable coupon can still meet: used up, or this member's own obstacles. */
const CLAIM_ONLY: {
  [O in Exclude<ClaimObstacle, CouponUnusable>]: {
    holds: (coupon: CouponTerms, member: ClaimantState) => boolean;
    sql: (eb: CouponsBuilder, member: ClaimantFacts) => Expression<SqlBool>;
  };
} = {
  fully_claimed: fullyClaimed,
  tier: {
    holds: (coupon, member) => !meetsTier(member.tier, coupon.requiredTier),
    sql: (eb, member) => eb(tierRank(eb.ref('coupons.required_tier')), '>', tierRank(member.tier)),
  },
  already_claimed: {
    holds: (coupon, member) => member.claims >= coupon.perMemberLimit,
    sql: (eb, member) => eb(member.claims, '>=', eb.ref('coupons.per_member_limit')),
  },
  points: {
    holds: (coupon, member) => member.currentPoints < coupon.pointsCost,
    sql: (eb, member) => eb(member.points, '<', eb.ref('coupons.points_cost')),
  },
};

const UNUSABLE_ORDER = Object.keys(UNUSABLE) as CouponUnusable[];
const CLAIM_ONLY_ORDER = Object.keys(CLAIM_ONLY) as Exclude<ClaimObstacle, CouponUnusable>[];

// ---- in memory

/** Why nobody can use the coupon at `now` (claim, Redeem Now, validate or redeem at the door), or null. */
export function couponUnusable(coupon: CouponState, now: Date): CouponUnusable | null {
  return UNUSABLE_ORDER.find((obstacle) => UNUSABLE[obstacle].holds(coupon, now)) ?? null;
}

/** What a refusal of an unusable coupon says. */
export function unusableMessage(obstacle: CouponUnusable): string {
  return CLAIM_REFUSALS[obstacle].message;
}

/** The first thing that stands between this member and this coupon at `now`, or null when they may claim it. */
export function claimObstacle(coupon: CouponTerms, member: ClaimantState, now: Date): ClaimObstacle | null {
  return couponUnusable(coupon, now) ?? CLAIM_ONLY_ORDER.find((obstacle) => CLAIM_ONLY[obstacle].holds(coupon, member)) ?? null;
}

/** The refusal a claim answers with, naming the first obstacle; null when the member may claim. */
export function claimRefusal(coupon: CouponTerms, member: ClaimantState, now: Date): ClaimRefusal | null {
  const obstacle = claimObstacle(coupon, member, now);
  return obstacle && refusalFor(obstacle, coupon.requiredTier);
}

function refusalFor(obstacle: ClaimObstacle, requiredTier: Tier): ClaimRefusal {
  return { obstacle, kind: obstacle === 'tier' ? 'forbidden' : 'conflict', ...claimRefusalWords(obstacle, requiredTier) };
}

/** Where a member's claimed coupon stands for staff: a redemption stands; else the first reason it cannot be used. */
export function userCouponState(redeemedAt: Date | null, coupon: CouponState, now: Date): UserCouponState {
  if (redeemedAt) return 'redeemed';
  return couponUnusable(coupon, now) ?? 'claimed';
}

// ---- in SQL

/** True while anyone may still use the coupon: `couponUnusable(...) === null` in SQL. */
export function couponUsableSql(eb: CouponsBuilder, now: Instant = databaseNow()): Expression<SqlBool> {
  return eb.not(eb.or(UNUSABLE_ORDER.map((obstacle) => UNUSABLE[obstacle].sql(eb, now))));
}

/** True while the coupon is usable and not used up: what the members' list offers. */
export function couponOfferedSql(eb: CouponsBuilder, now: Instant = databaseNow()): Expression<SqlBool> {
  return eb.and([couponUsableSql(eb, now), eb.not(fullyClaimed.sql(eb))]);
}

/** `claimObstacle` in SQL: the first obstacle's name, or null when the member may claim. */
export function claimObstacleSql(
  eb: CouponsBuilder,
  member: ClaimantFacts,
  now: Instant = databaseNow(),
): AliasableExpression<ClaimObstacle | null> {
  const checks = [
    ...UNUSABLE_ORDER.map((obstacle) => [obstacle, UNUSABLE[obstacle].sql(eb, now)] as const),
    ...CLAIM_ONLY_ORDER.map((obstacle) => [obstacle, CLAIM_ONLY[obstacle].sql(eb, member)] as const),
  ];
  const [[firstObstacle, firstCheck], ...rest] = checks as [(typeof checks)[number], ...typeof checks];
  let chain = eb.case().when(firstCheck).then(sql.lit<ClaimObstacle>(firstObstacle));
  for (const [obstacle, check] of rest) chain = chain.when(check).then(sql.lit<ClaimObstacle>(obstacle));
  return chain.else(null).end();
}

/** The member's facts as the database holds them when the statement runs: tier, balance, claims of this coupon. */
export function claimantFacts(eb: CouponsBuilder, memberId: string): ClaimantFacts {
  const member = eb.selectFrom('members').where('members.id', '=', memberId);
  return {
    tier: member.select('members.member_tier').$asScalar().$notNull(),
    points: member.select('members.current_points').$asScalar().$notNull(),
    claims: claimsOf(eb, memberId).$asScalar().$notNull(),
  };
}

/** The member's claims of the coupon being judged, counted. */
function claimsOf(eb: CouponsBuilder, memberId: string) {
  return eb
    .selectFrom('user_coupons')
    .select(sql<number>`count(*)::int`.as('claims'))
    .whereRef('user_coupons.coupon_id', '=', 'coupons.id')
    .where('user_coupons.member_id', '=', memberId);
}

/**
 * The claimant's facts for the take that ends a claim, run after the claim has written its own user
 * coupon and paid (so that the coupon's row, every claimant's hot spot, is locked for one statement
 * and the commit): their claims of the coupon without that new one, and the balance they had before
 * paying, as read under their row lock, which the claim's transaction holds, so nothing else has
 * moved it since. Their tier is as the database holds it (paying never changes a tier).
 */
export function claimantFactsBeforeOwnClaim(
  eb: CouponsBuilder,
  memberId: string,
  own: { userCouponId: string; balanceBefore: number },
): ClaimantFacts {
  return {
    tier: claimantFacts(eb, memberId).tier,
    points: sql<number>`${own.balanceBefore}::int`,
    claims: claimsOf(eb, memberId).where('user_coupons.id', '<>', own.userCouponId).$asScalar().$notNull(),
  };
}

/**
 * The coupons with the member's facts joined once, for a statement judging many coupons for one
 * member (the members' list): the member's row as `me`, and their claims counted per coupon as
 * `mine` from their own claims (a handful, read by the member's index), rather than a lookup of the
 * member and a count per coupon row. Read with `joinedClaimantFacts`.
 */
export function couponsWithClaimant(kysely: Kysely<Database>, memberId: string) {
  return kysely
    .selectFrom('coupons')
    .innerJoin('members as me', (join) => join.on('me.id', '=', memberId))
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('user_coupons')
          .select(['user_coupons.coupon_id', sql<number>`count(*)::int`.as('claims')])
          .where('user_coupons.member_id', '=', memberId)
          .groupBy('user_coupons.coupon_id')
          .as('mine'),
      (join) => join.onRef('mine.coupon_id', '=', 'coupons.id'),
    );
}

/** The claimant's facts as `couponsWithClaimant` joins them (no claims of a coupon: no `mine` row, 0). */
export const joinedClaimantFacts: ClaimantFacts = {
  tier: sql.ref<string>('me.member_tier'),
  points: sql.ref<number>('me.current_points'),
  claims: sql<number>`coalesce(${sql.ref('mine.claims')}, 0)`,
};
