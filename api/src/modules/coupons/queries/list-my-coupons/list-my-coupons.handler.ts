import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyCouponsPage } from '@nocturne/contracts';
import { ValidationFailedException } from '#common/http/zod-validation.pipe.js';
import { userCouponFromRow } from '#modules/coupons/coupon-view.js';
import { CouponVenues } from '#modules/coupons/coupon-venues.service.js';
import { UserCouponsRepository } from '#modules/coupons/user-coupons.repository.js';
import { decodeMyCouponsCursor, encodeMyCouponsCursor } from '#modules/coupons/my-coupons-cursor.js';
import { QrTokenService } from '#modules/coupons/qr-token.service.js';
import { ShortCodeService } from '#modules/coupons/short-code.service.js';
import { ListMyCouponsQuery } from './list-my-coupons.query.js';

/**
 * One page of the member's own user coupons, each with its coupon (archived or expired ones too):
 * the ones they still hold first, so what they show at the door is on the first page, then the
 * redeemed ones; each part newest claim first.
 */
@QueryHandler(ListMyCouponsQuery)
export class ListMyCouponsHandler implements IQueryHandler<ListMyCouponsQuery, MyCouponsPage> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: UserCouponsRepository,
    private readonly qr: QrTokenService,
    private readonly shortCodes: ShortCodeService,
    private readonly venues: CouponVenues,
  ) {}

  async execute({ memberId, page }: ListMyCouponsQuery): Promise<MyCouponsPage> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = page.cursor ? decodeMyCouponsCursor(page.cursor) : null;
    if (page.cursor && !after) {
      throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
    }
    // One row more than the page tells whether there is a next one.
    const rows = await this.coupons.listMemberUserCoupons(this.em, memberId, after, page.limit + 1);
    const shown = rows.slice(0, page.limit);
    // Rows claimed before short codes existed get theirs here, once (see ShortCodeService).
    const coded = [];
    for (const row of shown) coded.push(await this.shortCodes.ensure(this.em, row));
    const last = shown.at(-1);
    // A coupon of chosen venues names them (members see where it is redeemed).
    const venuesOf = await this.venues.namer();
    return {
      coupons: coded.map((row) => {
        const coupon = userCouponFromRow(row, this.qr);
        const venues = venuesOf(row.coupon_venue_ids);
        if (venues) coupon.coupon.venues = venues;
        return coupon;
      }),
      nextCursor:
        rows.length > page.limit && last
          ? encodeMyCouponsCursor({ held: last.held, claimedAt: last.cursor_at, id: last.id })
          : null,
    };
  }
}
