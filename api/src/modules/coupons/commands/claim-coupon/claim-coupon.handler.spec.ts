import type { ErrorKind } from '../../../../common/errors/domain-error.js';
import type { ApiConfig } from '../../../../config/api-config.js';
import { InsufficientPointsError } from '../../../ledger/ledger.service.js';
import { CouponFailure } from '../../coupon-failure.js';
import { FakeCouponsRepository } from '../../coupons.repository.fake.js';
import { FakeUnitOfWork } from '../../unit-of-work.fake.js';
import { QrTokenService } from '../../qr-token.service.js';
import { ShortCodeService } from '../../short-code.service.js';
import { formatShortCode } from '../../short-code.js';
import { ClaimCouponCommand } from './claim-coupon.command.js';
import { ClaimCouponHandler } from './claim-coupon.handler.js';

const qr = new QrTokenService({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://x/y', QR_SECRET: 'c'.repeat(32) } as ApiConfig);

function setup(unitOfWork = new FakeUnitOfWork()) {
  const coupons = new FakeCouponsRepository();
  const handler = new ClaimCouponHandler(unitOfWork.asUnitOfWork(), coupons, qr, new ShortCodeService(qr, coupons));
  return { coupons, unitOfWork, handler };
}

/** The refusal a claim ended with: its kind and the message the SPA shows. */
async function refusal(claim: Promise<unknown>): Promise<{ kind: ErrorKind; message: string }> {
  try {
    await claim;
  } catch (error) {
    if (error instanceof CouponFailure) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('The claim succeeded');
}

describe('ClaimCouponHandler', () => {
  it('claims: a new user coupon with its stored short code, the claim counted, CouponClaimed raised', async () => {
    const { coupons, unitOfWork, handler } = setup();
    const member = coupons.addMember({ current_points: 50 });
    const coupon = coupons.addCoupon({ points_cost: 30, max_uses: 5 });

    const claimed = await handler.execute(new ClaimCouponCommand(member.id, coupon.id));

    expect(coupons.userCoupons).toHaveLength(1);
    const userCoupon = coupons.userCoupons[0]!;
    expect(claimed).toMatchObject({
      id: userCoupon.id,
      couponId: coupon.id,
      redeemedAt: null,
      qrCode: qr.tokenFor(userCoupon.id),
    });
    expect(claimed.shortCode).toBe(formatShortCode(qr.shortCodeFor(userCoupon.id)));
    expect(userCoupon.short_code).toBe(qr.shortCodeFor(userCoupon.id));
    expect(coupon.claimed_count).toBe(1);
    expect(unitOfWork.committed).toEqual([
      expect.objectContaining({
        type: 'CouponClaimed',
        payload: { userCouponId: userCoupon.id, memberId: member.id, couponId: coupon.id },
      }),
    ]);
  });

  it('refuses an unknown coupon with 404', async () => {
    const { coupons, handler } = setup();
    const member = coupons.addMember();
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, '6f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f')))).toEqual({
      kind: 'not_found',
      message: 'Coupon not found',
    });
  });

  it.each([
    ['inactive', { is_active: false }, 'This coupon has been paused by the venue and cannot be used right now'],
    ['archived', { archived_at: '2026-11-01 20:00:00+00' }, 'This coupon is no longer available'],
    ['expired', { valid_until: '2020-01-01 00:00:00+00' }, 'This coupon has expired'],
  ])('refuses an %s coupon with 409 and changes nothing', async (_label, terms, message) => {
    const { coupons, unitOfWork, handler } = setup();
    const member = coupons.addMember({ current_points: 100 });
    const coupon = coupons.addCoupon(terms);
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, coupon.id)))).toEqual({ kind: 'conflict', message });
    expect(coupons.userCoupons).toEqual([]);
    expect(coupon.claimed_count).toBe(0);
    expect(unitOfWork.committed).toEqual([]);
  });

  it("refuses a coupon above the member's tier with 403, and lets a member of that tier claim it", async () => {
    const { coupons, handler } = setup();
    const coupon = coupons.addCoupon({ required_tier: 'gold' });
    const silver = coupons.addMember({ member_tier: 'silver' });
    expect(await refusal(handler.execute(new ClaimCouponCommand(silver.id, coupon.id)))).toEqual({
      kind: 'forbidden',
      message: 'This coupon requires Gold tier',
    });
    expect(coupons.userCoupons).toEqual([]);

    const gold = coupons.addMember({ member_tier: 'gold' });
    await handler.execute(new ClaimCouponCommand(gold.id, coupon.id));
    expect(coupons.userCoupons).toHaveLength(1);
  });

  it('refuses a claim beyond the per-member limit', async () => {
    const { coupons, handler } = setup();
    const member = coupons.addMember();
    const coupon = coupons.addCoupon({ per_member_limit: 2 });
    await handler.execute(new ClaimCouponCommand(member.id, coupon.id));
    await handler.execute(new ClaimCouponCommand(member.id, coupon.id));
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, coupon.id)))).toEqual({
      kind: 'conflict',
      message: 'You have already claimed this coupon',
    });
    expect(coupons.userCoupons).toHaveLength(2);
    expect(coupon.claimed_count).toBe(2);
  });

  it('refuses a fully claimed coupon before counting the claim', async () => {
    const { coupons, handler } = setup();
    const member = coupons.addMember();
    const coupon = coupons.addCoupon({ max_uses: 3, claimed_count: 3 });
    let counted = false;
    coupons.beforeTakeClaim = () => (counted = true);
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, coupon.id)))).toEqual({
      kind: 'conflict',
      message: 'This coupon has been fully claimed',
    });
    expect(counted).toBe(false);
    expect(coupons.userCoupons).toEqual([]);
  });

  it('refuses the claim that loses the last use to a parallel claim (the conditional update says no)', async () => {
    const { coupons, unitOfWork, handler } = setup();
    const member = coupons.addMember();
    const coupon = coupons.addCoupon({ max_uses: 1 });
    // Another member's claim commits between this claim's checks and its update.
    coupons.beforeTakeClaim = () => (coupon.claimed_count = 1);
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, coupon.id)))).toEqual({
      kind: 'conflict',
      message: 'This coupon has been fully claimed',
    });
    expect(coupons.userCoupons).toEqual([]);
    expect(unitOfWork.committed).toEqual([]);
  });

  it('refuses with "Not enough points" when the balance is below the cost', async () => {
    const { coupons, handler } = setup();
    const member = coupons.addMember({ current_points: 29 });
    const coupon = coupons.addCoupon({ points_cost: 30 });
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, coupon.id)))).toEqual({
      kind: 'conflict',
      message: 'Not enough points',
    });
    expect(coupons.userCoupons).toEqual([]);
  });

  it("answers the ledger's refusal to go below zero (a balance spent since the check) with the same 409", async () => {
    const debit = async () => {
      throw new InsufficientPointsError();
    };
    const { coupons, unitOfWork, handler } = setup(new FakeUnitOfWork({ CouponClaimed: debit }));
    const member = coupons.addMember({ current_points: 30 });
    const coupon = coupons.addCoupon({ points_cost: 30 });
    expect(await refusal(handler.execute(new ClaimCouponCommand(member.id, coupon.id)))).toEqual({
      kind: 'conflict',
      message: 'Not enough points',
    });
    expect(unitOfWork.committed).toEqual([]);
  });
});
