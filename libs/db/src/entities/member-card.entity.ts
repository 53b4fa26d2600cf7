import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';

/**
 * A member's card, shown in the members area and scanned at the door (PRODUCT.md §6). Its QR token
 * is an HMAC of the card id with QR_SECRET, never stored; its short code is stored so a typed code
 * can be found, and shares one namespace with the coupons' (a database trigger refuses a code
 * either table already holds). A card is reissued by a new row: a new id and code void the old QR.
 */
export const MemberCard = defineEntity({
  name: 'MemberCard',
  tableName: 'member_cards',
  uniques: [
    { name: 'member_cards_member_unique', properties: ['member'] },
    { name: 'member_cards_short_code_unique', properties: ['shortCode'] },
  ],
  properties: {
    /** The card id its QR names: its own, so a reissued card is a different card. */
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    /** 11 Crockford base32 characters, upper case, no hyphens (shown grouped as K7QM-3XPD-2A9). */
    shortCode: p.string().length(11),
    issuedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
