import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import { CLAIM_OBSTACLES, TIERS } from '@nocturne/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import {
  claimantFacts,
  claimantFactsBeforeOwnClaim,
  claimObstacle,
  claimObstacleSql,
  type ClaimantState,
  couponOfferedSql,
  couponsWithClaimant,
  type CouponTerms,
  couponUnusable,
  couponUsableSql,
  joinedClaimantFacts,
} from '../src/modules/coupons/claim-rules.js';
import { openTestOrm, type TestOrm } from './support/test-orm.js';

/*
 * The claim rule exists twice by necessity, as a function for rows in memory and as SQL for
 * statements that decide in the database. This test writes random coupons, members and claims to
 * PostgreSQL and asks both the same question at the same random instant: they must agree.
 */

let t: TestOrm;

beforeAll(async () => {
  t = await openTestOrm('claimrules');
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

/** Instants near the edges that matter (the same millisecond, one either side) and far from them. */
const offset = fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -30 * 24 * 60 * MINUTE, max: 30 * 24 * 60 * MINUTE }));

const claimCase = fc
  .record({
    now: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }),
    // Mostly live coupons, so the member's own obstacles, checked last, come up often too.
    isActive: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
    archived: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
    validUntilOffset: fc.option(offset, { nil: null }),
    requiredTier: fc.constantFrom(...TIERS),
    // The schema keeps claimed_count within max_uses (coupons_counts_check).
    maxUses: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    claimedCount: fc.integer({ min: 0, max: 5 }),
    perMemberLimit: fc.integer({ min: 1, max: 3 }),
    pointsCost: fc.integer({ min: 0, max: 40 }),
    memberTier: fc.constantFrom(...TIERS),
    currentPoints: fc.integer({ min: 0, max: 50 }),
    claims: fc.integer({ min: 0, max: 4 }),
  })
  .map((c) => {
    const coupon: CouponTerms = {
      isActive: c.isActive,
      archivedAt: c.archived ? new Date(c.now.getTime() - MINUTE) : null,
      validUntil: c.validUntilOffset === null ? null : new Date(c.now.getTime() + c.validUntilOffset),
      requiredTier: c.requiredTier,
      maxUses: c.maxUses,
      claimedCount: c.maxUses === null ? c.claimedCount : Math.min(c.claimedCount, c.maxUses),
      perMemberLimit: c.perMemberLimit,
      pointsCost: c.pointsCost,
    };
    const member: ClaimantState = { tier: c.memberTier, currentPoints: c.currentPoints, claims: c.claims };
    return { now: c.now, coupon, member };
  });

/** Writes the case's member, coupon and the member's earlier claims of it; answers their ids. */
async function insertCase(em: EntityManager, coupon: CouponTerms, member: ClaimantState) {
  const kysely = db(em);
  const { id: memberId } = await kysely
    .insertInto('members')
    .values({
      email: `claim.${randomUUID()}@example.com`,
      first_name: 'Case',
      password_hash: 'not-a-hash',
      member_tier: member.tier,
      current_points: member.currentPoints,
      total_points: member.currentPoints,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: couponId } = await kysely
    .insertInto('coupons')
    .values({
      code: `C-${randomUUID().slice(0, 30)}`,
      title: 'Case',
      description: 'A generated case',
      type: 'free_drink',
      points_cost: coupon.pointsCost,
      required_tier: coupon.requiredTier,
      max_uses: coupon.maxUses,
      per_member_limit: coupon.perMemberLimit,
      valid_until: coupon.validUntil,
      is_active: coupon.isActive,
      archived_at: coupon.archivedAt,
      claimed_count: coupon.claimedCount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (member.claims > 0) {
    await kysely
      .insertInto('user_coupons')
      .values(Array.from({ length: member.claims }, () => ({ member_id: memberId, coupon_id: couponId })))
      .execute();
  }
  return { memberId, couponId };
}

const NOW = new Date('2026-11-21T12:00:00Z');
const open: CouponTerms = {
  isActive: true,
  archivedAt: null,
  validUntil: null,
  requiredTier: 'bronze',
  maxUses: null,
  claimedCount: 0,
  perMemberLimit: 1,
  pointsCost: 0,
};
const bronze: ClaimantState = { tier: 'bronze', currentPoints: 10, claims: 0 };
/** One case per outcome, run before the random ones, so every branch is compared on every run. */
const cases: { coupon: CouponTerms; member: ClaimantState }[] = [
  { coupon: open, member: bronze },
  { coupon: { ...open, isActive: false, archivedAt: NOW }, member: bronze },
  { coupon: { ...open, isActive: false }, member: bronze },
  { coupon: { ...open, validUntil: NOW }, member: bronze },
  { coupon: { ...open, maxUses: 2, claimedCount: 2 }, member: bronze },
  { coupon: { ...open, requiredTier: 'gold' }, member: { ...bronze, tier: 'silver' } },
  { coupon: { ...open, perMemberLimit: 2 }, member: { ...bronze, claims: 2 } },
  { coupon: { ...open, pointsCost: 11 }, member: bronze },
];
const examples = cases.map((example): [{ now: Date; coupon: CouponTerms; member: ClaimantState }] => [{ now: NOW, ...example }]);

describe('the claim rule in TypeScript and in SQL', () => {
  it('agree on every generated coupon, member, claim count and instant', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(claimCase, async ({ now, coupon, member }) => {
        const em = t.orm.em.fork();
        const { memberId, couponId } = await insertCase(em, coupon, member);
        const at = sql<string>`${now.toISOString()}::timestamptz`;
        const judged = await db(em)
          .selectFrom('coupons')
          .select((eb) => [
            claimObstacleSql(eb, claimantFacts(eb, memberId), at).as('obstacle'),
            eb.case().when(couponUsableSql(eb, at)).then(true).else(false).end().as('usable'),
            eb.case().when(couponOfferedSql(eb, at)).then(true).else(false).end().as('offered'),
          ])
          .where('coupons.id', '=', couponId)
          .executeTakeFirstOrThrow();
        // The members' list judges with the member's row and claims joined once (couponsWithClaimant).
        const listed = await couponsWithClaimant(db(em), memberId)
          .select((eb) => claimObstacleSql(eb, joinedClaimantFacts, at).as('obstacle'))
          .where('coupons.id', '=', couponId)
          .executeTakeFirstOrThrow();

        // A claim takes the coupon last, after writing its own user coupon and paying: judged with
        // the member's facts before that claim, the take must still agree.
        const own = await db(em)
          .insertInto('user_coupons')
          .values({ member_id: memberId, coupon_id: couponId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db(em).updateTable('members').set({ current_points: 0 }).where('id', '=', memberId).execute();
        const taking = await db(em)
          .selectFrom('coupons')
          .select((eb) =>
            claimObstacleSql(
              eb,
              claimantFactsBeforeOwnClaim(eb, memberId, { userCouponId: own.id, balanceBefore: member.currentPoints }),
              at,
            ).as('obstacle'),
          )
          .where('coupons.id', '=', couponId)
          .executeTakeFirstOrThrow();

        const obstacle = claimObstacle(coupon, member, now);
        seen.add(String(obstacle));
        expect(listed.obstacle).toBe(obstacle);
        expect(taking.obstacle).toBe(obstacle);
        expect(judged).toEqual({
          obstacle,
          usable: couponUnusable(coupon, now) === null,
          offered: obstacle === null || !['withdrawn', 'paused', 'expired', 'fully_claimed'].includes(obstacle),
        });
      }),
      { numRuns: 300, examples },
    );
    // Every outcome was met, so agreement was shown on each branch, not only the common ones.
    expect([...seen].sort()).toEqual([...CLAIM_OBSTACLES, 'null'].sort());
  }, 120_000);
});
