import type { ErrorKind } from '../../../../common/errors/domain-error.js';
import type { ApiConfig } from '../../../../config/api-config.js';
import { CouponFailure } from '../../coupon-failure.js';
import { FakeCouponsRepository } from '../../coupons.repository.fake.js';
import { FakeUnitOfWork } from '../../unit-of-work.fake.js';
import { QrTokenService } from '../../qr-token.service.js';
import { Redemptions } from '../../redemption.js';
import { ShortCodeService } from '../../short-code.service.js';
import { RedeemCouponCommand } from './redeem-coupon.command.js';
import { RedeemCouponHandler } from './redeem-coupon.handler.js';

const qr = new QrTokenService({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://x/y', QR_SECRET: 'c'.repeat(32) } as ApiConfig);

function setup() {
  const coupons = new FakeCouponsRepository();
  const unitOfWork = new FakeUnitOfWork();
  const handler = new RedeemCouponHandler(
    unitOfWork.asUnitOfWork(),
    coupons,
    new Redemptions(coupons),
    qr,
    new ShortCodeService(qr, coupons),
  );
  const member = coupons.addMember();
  const coupon = coupons.addCoupon();
  const held = coupons.addUserCoupon(member.id, coupon.id);
  return { coupons, unitOfWork, handler, member, coupon, held };
}

/** The refusal a redemption ended with: its kind and the message the SPA shows. */
async function refusal(redeem: Promise<unknown>): Promise<{ kind: ErrorKind; message: string }> {
  try {
    await redeem;
  } catch (error) {
    if (error instanceof CouponFailure) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('The redemption succeeded');
}

describe('RedeemCouponHandler', () => {
  it("redeems its owner's coupon once, counts it and raises CouponRedeemed by the member", async () => {
    const { coupons, unitOfWork, handler, member, coupon, held } = setup();
    const redeemed = await handler.execute(new RedeemCouponCommand(member.id, held.id));
    expect(redeemed).toMatchObject({
      id: held.id,
      redeemedBy: 'member',
      redeemedAt: expect.stringMatching(/Z$/),
      validatedAt: null,
    });
    expect(held.redeemed_at).not.toBeNull();
    expect(coupon.redeemed_count).toBe(1);
    expect(coupons.userCoupons[0]!.validated_by_id).toBeNull();
    expect(unitOfWork.committed).toEqual([
      expect.objectContaining({ type: 'CouponRedeemed', payload: { userCouponId: held.id, memberId: member.id, by: 'member' } }),
    ]);
  });

  it('answers 409 for a coupon already redeemed, and changes nothing', async () => {
    const { coupons, unitOfWork, handler, member, coupon, held } = setup();
    await handler.execute(new RedeemCouponCommand(member.id, held.id));
    const first = held.redeemed_at;
    coupons.beforeMarkRedeemed = () => {
      throw new Error('A redeemed coupon is refused before any update');
    };
    expect(await refusal(handler.execute(new RedeemCouponCommand(member.id, held.id)))).toEqual({
      kind: 'conflict',
      message: 'This coupon has already been redeemed',
    });
    expect(held.redeemed_at).toBe(first);
    expect(coupon.redeemed_count).toBe(1);
    expect(unitOfWork.committed.map((event) => event.type)).toEqual(['CouponRedeemed']);
  });

  it('lets the first of two redeemers win: the one whose conditional update finds it redeemed gets 409', async () => {
    const { coupons, unitOfWork, handler, member, coupon, held } = setup();
    // Staff redeem it at the door between this request's read and its update.
    coupons.beforeMarkRedeemed = () => {
      coupons.beforeMarkRedeemed = undefined;
      void coupons.markRedeemed(unitOfWork.tx, held.id, 'staff', null);
    };
    expect(await refusal(handler.execute(new RedeemCouponCommand(member.id, held.id)))).toEqual({
      kind: 'conflict',
      message: 'This coupon has already been redeemed',
    });
    expect(held.redeemed_by).toBe('staff');
    expect(coupon.redeemed_count).toBe(0);
    expect(unitOfWork.committed).toEqual([]);
  });

  it("answers 404 for another member's coupon, as for one that does not exist, and leaves it alone", async () => {
    const { coupons, unitOfWork, handler, held } = setup();
    const stranger = coupons.addMember({ first_name: 'Eve' });
    expect(await refusal(handler.execute(new RedeemCouponCommand(stranger.id, held.id)))).toEqual({
      kind: 'not_found',
      message: 'Coupon not found',
    });
    expect(await refusal(handler.execute(new RedeemCouponCommand(stranger.id, 'not-a-uuid')))).toEqual({
      kind: 'not_found',
      message: 'Coupon not found',
    });
    expect(held.redeemed_at).toBeNull();
    expect(unitOfWork.committed).toEqual([]);
  });

  it('refuses a coupon that has expired or been withdrawn since it was claimed', async () => {
    const { handler, member, coupon, held } = setup();
    coupon.valid_until = '2020-01-01 00:00:00+00';
    expect(await refusal(handler.execute(new RedeemCouponCommand(member.id, held.id)))).toEqual({
      kind: 'conflict',
      message: 'This coupon has expired',
    });
    coupon.valid_until = null;
    coupon.is_active = false;
    expect(await refusal(handler.execute(new RedeemCouponCommand(member.id, held.id)))).toEqual({
      kind: 'conflict',
      message: 'This coupon has been paused by the venue and cannot be used right now',
    });
    expect(held.redeemed_at).toBeNull();
  });
});
