import { defineEntity, p } from '@mikro-orm/core';
import { Coupon } from './coupon.entity.js';
import { NewsPost } from './news-post.entity.js';
import { Promotion } from './tier-benefit.entity.js';
import { Venue } from './venue.entity.js';

/*
 * Venue or group, decided per thing (PRODUCT.md §12): a news post, coupon or promotion with no
 * rows here is the whole group's; with rows, it is for those venues only.
 */

/** A news post for chosen venues: members see it with the venues it names. */
export const NewsPostVenue = defineEntity({
  name: 'NewsPostVenue',
  tableName: 'news_post_venues',
  properties: {
    post: () => p.manyToOne(NewsPost).primary().deleteRule('cascade'),
    venue: () => p.manyToOne(Venue).primary().deleteRule('cascade'),
  },
});

/** A coupon usable only at chosen venues' doors ("Only at The Velvet Room" elsewhere). */
export const CouponVenue = defineEntity({
  name: 'CouponVenue',
  tableName: 'coupon_venues',
  properties: {
    coupon: () => p.manyToOne(Coupon).primary().deleteRule('cascade'),
    venue: () => p.manyToOne(Venue).primary().deleteRule('cascade'),
  },
});

/** A promotion that multiplies only visits at chosen venues. */
export const PromotionVenue = defineEntity({
  name: 'PromotionVenue',
  tableName: 'promotion_venues',
  properties: {
    promotion: () => p.manyToOne(Promotion).primary().deleteRule('cascade'),
    venue: () => p.manyToOne(Venue).primary().deleteRule('cascade'),
  },
});
