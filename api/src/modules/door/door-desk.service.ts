import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DOOR_NOT_NOCTURNE, DOOR_TEMPLATE_CODE } from '@nocturne/domain';
import { DoorCoupons, type UserCouponView } from '../coupons/coupons.public.js';
import type { CardHolder } from './door.repository.js';
import type { DoorText } from './door-text.js';
import { MemberCards } from './member-cards.service.js';

/** What was shown at the door: a member's coupon, a member's card, or nothing of ours (with why, in words). */
export type Presented =
  | { kind: 'coupon'; row: UserCouponView }
  | { kind: 'card'; holder: CardHolder }
  | { kind: 'unknown'; refusal: 'not_nocturne' | 'template_code'; message: string };

const NOT_OURS: Presented = { kind: 'unknown', refusal: 'not_nocturne', message: DOOR_NOT_NOCTURNE };

/**
 * Finds what a text names. A QR payload is proven by its token before anything is looked up; a
 * short code is looked for among coupons and then cards (one namespace: at most one holds it),
 * each proven against its id under the current secret. Nothing learns more from a miss than
 * "Not a Nocturne code", except a coupon's template code (public: it is printed on the coupon),
 * which says what to ask for instead.
 */
@Injectable()
export class DoorDesk {
  constructor(
    private readonly coupons: DoorCoupons,
    private readonly cards: MemberCards,
  ) {}

  /** `lock` takes a found coupon's row lock, so concurrent redeemers queue. */
  async identify(tx: EntityManager, read: DoorText, text: string, lock: boolean): Promise<Presented> {
    switch (read.kind) {
      case 'coupon': {
        const row = await this.coupons.byQrPayload(tx, read.userCouponId, read.token, lock);
        return row ? { kind: 'coupon', row } : NOT_OURS;
      }
      case 'card': {
        const holder = await this.cards.byQrPayload(tx, read.memberCardId, read.token);
        return holder ? { kind: 'card', holder } : NOT_OURS;
      }
      case 'code': {
        const row = await this.coupons.byShortCode(tx, read.code, lock);
        if (row) return { kind: 'coupon', row };
        const holder = await this.cards.byShortCode(tx, read.code);
        return holder ? { kind: 'card', holder } : this.notACode(tx, text);
      }
      case 'payload':
        return NOT_OURS;
      case 'other':
        return this.notACode(tx, text);
    }
  }

  private async notACode(tx: EntityManager, text: string): Promise<Presented> {
    if (await this.coupons.isTemplateCode(tx, text))
      return { kind: 'unknown', refusal: 'template_code', message: DOOR_TEMPLATE_CODE };
    return NOT_OURS;
  }
}
