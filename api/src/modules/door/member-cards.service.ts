import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isShortCodeCollision, QrTokenService, SHORT_CODE_ATTEMPTS } from '../coupons/coupons.public.js';
import { type CardHolder, DoorRepository, type StoredCard } from './door.repository.js';

/**
 * Members' cards (PRODUCT.md §9), with the conventions of coupon codes: a QR token that is an HMAC
 * of the card id with QR_SECRET (prefixed `member-card:`, so it can never be a coupon's), and a
 * stored 11-character short code derived the same way, in one namespace with the coupons' codes.
 * A card is issued the first time its member asks for it (a migration cannot know QR_SECRET), so
 * every card code anyone can type is stored before it is shown; one left from a rotated-out
 * secret is replaced the same way, as coupons' codes are.
 */
@Injectable()
export class MemberCards {
  constructor(
    private readonly qr: QrTokenService,
    private readonly repository: DoorRepository,
  ) {}

  /** The member's card, issued now if they have none, with a short code derived from the current secret. */
  async cardOf(em: EntityManager, memberId: string): Promise<StoredCard> {
    const stored = await this.repository.findCardOf(em, memberId);
    if (stored && this.isCurrent(stored.id, stored.short_code)) return stored;
    return stored ? this.recode(em, memberId, stored) : this.issue(em, memberId);
  }

  /** The QR payload a card's QR holds. */
  qrPayload(cardId: string): string {
    return JSON.stringify({ memberCardId: cardId, token: this.qr.tokenFor(cardId, 'member-card') });
  }

  /** The card's holder by its QR payload; undefined unless the token is the card's under the current secret. */
  async byQrPayload(em: EntityManager, cardId: string, token: string): Promise<CardHolder | undefined> {
    if (!this.qr.matches(cardId, token, 'member-card')) return undefined;
    return this.repository.findCardHolder(em, cardId.toLowerCase());
  }

  /** The card's holder by its short code (stored form), proven against the card id under the current secret. */
  async byShortCode(em: EntityManager, code: string): Promise<CardHolder | undefined> {
    const holder = await this.repository.findCardHolderByShortCode(em, code);
    return holder && this.isCurrent(holder.id, code) ? holder : undefined;
  }

  private isCurrent(cardId: string, code: string): boolean {
    return this.qr.isShortCodeOf(cardId, code, SHORT_CODE_ATTEMPTS, 'member-card');
  }

  /** Issues a card under the first candidate code nobody holds; a parallel request's card wins the race. */
  private async issue(em: EntityManager, memberId: string): Promise<StoredCard> {
    const id = randomUUID();
    for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
      const shortCode = this.qr.shortCodeFor(id, attempt, 'member-card');
      let inserted: boolean;
      try {
        // A savepoint (or a transaction of its own): a collision leaves the caller's work intact.
        inserted = await em.transactional((inner) => this.repository.insertCard(inner, { id, memberId, shortCode }));
      } catch (error) {
        if (isShortCodeCollision(error)) continue;
        throw error;
      }
      if (inserted) return { id, short_code: shortCode };
      return this.cardOf(em, memberId);
    }
    throw new Error(`No free short code for a card of member ${memberId} after ${SHORT_CODE_ATTEMPTS} attempts`);
  }

  /** Gives a card whose code is from a rotated-out secret the first free current candidate. */
  private async recode(em: EntityManager, memberId: string, card: StoredCard): Promise<StoredCard> {
    for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
      const shortCode = this.qr.shortCodeFor(card.id, attempt, 'member-card');
      let stored: boolean;
      try {
        stored = await em.transactional((inner) =>
          this.repository.storeCardShortCode(inner, card.id, shortCode, card.short_code),
        );
      } catch (error) {
        if (isShortCodeCollision(error)) continue;
        throw error;
      }
      if (stored) return { id: card.id, short_code: shortCode };
      // Changed since it was read: a parallel request recoded it first.
      return this.cardOf(em, memberId);
    }
    throw new Error(`No free short code for card ${card.id} after ${SHORT_CODE_ATTEMPTS} attempts`);
  }
}
