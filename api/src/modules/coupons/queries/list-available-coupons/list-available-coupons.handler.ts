import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AvailableCoupon } from '@nocturne/contracts';
import { claimRefusalWords } from '@nocturne/domain';
import { couponDetailsFromRow } from '#modules/coupons/coupon-view.js';
import { CouponClaimsRepository } from '#modules/coupons/coupon-claims.repository.js';
import { CouponVenues } from '#modules/coupons/coupon-venues.service.js';
import { ListAvailableCouponsQuery } from './list-available-coupons.query.js';

/**
 * The coupons on offer (usable, not used up), newest first, each saying whether this member can
 * claim it now and, when not, why: the database judges by the claim's own rules (claim-rules.ts).
 */
@QueryHandler(ListAvailableCouponsQuery)
export class ListAvailableCouponsHandler implements IQueryHandler<ListAvailableCouponsQuery, AvailableCoupon[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: CouponClaimsRepository,
    private readonly venues: CouponVenues,
  ) {}

  async execute({ member }: ListAvailableCouponsQuery): Promise<AvailableCoupon[]> {
    const rows = await this.coupons.listAvailable(this.em, member.id);
    // One object per coupon, built in place: this list is the largest answer members poll, and
    // copies of its 200 rows (rest and spread) were garbage on every full answer.
    // Every coupon of the group is offered; one of chosen venues names them.
    const venuesOf = await this.venues.namer();
    return rows.map((row) => {
      const coupon: AvailableCoupon = Object.assign(couponDetailsFromRow(row), { claimable: row.obstacle === null });
      if (row.obstacle !== null) coupon.reason = claimRefusalWords(row.obstacle, row.required_tier).reason;
      const venues = venuesOf(row.venue_ids);
      if (venues) coupon.venues = venues;
      return coupon;
    });
  }
}
