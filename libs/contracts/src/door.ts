import { z } from 'zod';
import { MemberTier, Uuid } from './common.js';
import { CouponType } from './coupons.js';
import { DoorGuestList } from './events.js';

/** No control characters other than tab and newline (C0, DEL, C1): a scanner's Enter arrives as a key, not text. */
function noControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if ((unit < 0x20 && unit !== 0x09 && unit !== 0x0a) || (unit >= 0x7f && unit <= 0x9f)) return false;
  }
  return true;
}

/**
 * The venue whose door this is (PRODUCT.md §12): optional; without it, the account's only
 * venue, else the group's only open venue, else the first venue.
 */
export const DoorVenueId = z
  .number({ message: 'must be a venue id' })
  .int('must be a venue id')
  .positive('must be a venue id')
  .max(2_147_483_647, 'must be a venue id');

/**
 * Door mode sends whatever it read or was typed, as it came: a coupon's QR payload (JSON), a
 * member card's QR payload, a short code in any case with or without hyphens and spaces, or
 * anything else a staffer typed (a coupon's template code, a typo). The api decides what it is.
 */
export const DoorCheckRequest = z
  .object({
    text: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'must not be empty')
      .max(500, 'must be at most 500 characters')
      .refine(noControl, 'must not contain control characters'),
    method: z.enum(['scan', 'typed'], { message: 'must be scan or typed' }),
    venueId: DoorVenueId.optional(),
  })
  .meta({ id: 'DoorCheckRequest' });
export type DoorCheckRequest = z.infer<typeof DoorCheckRequest>;

/** Why door mode says no, as a kind (the words are in `message`). */
export const DOOR_REFUSALS = [
  'already_used',
  'expired',
  'paused',
  'withdrawn',
  'member_disabled',
  'not_nocturne',
  'template_code',
  'other_venue',
] as const;
export type DoorRefusal = (typeof DOOR_REFUSALS)[number];

/** Of a scanned member door staff see only what the door needs: first name, tier and status (PRODUCT.md §6). */
export const DoorMember = z
  .object({
    firstName: z.string(),
    tier: MemberTier,
    status: z.enum(['active', 'disabled']),
  })
  .meta({ id: 'DoorMember' });
export type DoorMember = z.infer<typeof DoorMember>;

export const DoorCoupon = z
  .object({
    userCouponId: Uuid,
    title: z.string(),
    type: CouponType,
    value: z.number().int().nullable(),
    /** With its unit: "$20 off", "20% off", "Free drink", "VIP upgrade". */
    valueLabel: z.string(),
  })
  .meta({ id: 'DoorCoupon' });
export type DoorCoupon = z.infer<typeof DoorCoupon>;

/** A coupon's code: green (ok) with a Redeem button, or red with the reason in words. */
export const DoorCouponVerdict = z.object({
  kind: z.literal('coupon'),
  ok: z.boolean(),
  /** Fit for the whole screen: "Valid", "Already used at 23:41 (Sam)", "Expired on 28 Nov", "Member account disabled". */
  message: z.string(),
  refusal: z.enum(DOOR_REFUSALS).nullable(),
  coupon: DoorCoupon,
  member: DoorMember,
});

/**
 * A member card: the member's first name, tier and status, the visit it recorded (points once per club night),
 * and their coupons usable tonight, each redeemable from here.
 */
export const DoorCardVerdict = z.object({
  kind: z.literal('card'),
  ok: z.boolean(),
  /** "Welcome, Jordan: visit recorded, +20 points", "Already here tonight", "Member account disabled". */
  message: z.string(),
  refusal: z.enum(DOOR_REFUSALS).nullable(),
  member: DoorMember,
  /** Null when the card was refused. */
  visit: z
    .object({
      /** The club night (YYYY-MM-DD, the night that began at 06:00 venue time). */
      night: z.iso.date(),
      /** False when this member's visit tonight was already recorded: points come once a night. */
      recorded: z.boolean(),
      /** The points this check credited: POINTS_PER_VISIT for the night's first scan, else 0. */
      points: z.number().int(),
      /** Present (true) when it was recorded with no points: the member's paying visits tonight already reached the group's cap. */
      capped: z.literal(true).optional(),
    })
    .nullable(),
  coupons: z.array(DoorCoupon),
  /** On an event night the member is on a guest list: their entry (absent otherwise). */
  guestList: DoorGuestList.optional(),
});

/** Not a code of ours, or a coupon's name typed instead of its code. */
export const DoorUnknownVerdict = z.object({
  kind: z.literal('unknown'),
  ok: z.literal(false),
  /** "Not a Nocturne code", or "That is the coupon's name: ask for the code under the QR". */
  message: z.string(),
  refusal: z.enum(['not_nocturne', 'template_code']),
});

/** Every check is one scan-log row, whatever its verdict. */
export const DoorCheckResponse = z
  .discriminatedUnion('kind', [DoorCouponVerdict, DoorCardVerdict, DoorUnknownVerdict])
  .meta({ id: 'DoorCheckResponse' });
export type DoorCheckResponse = z.infer<typeof DoorCheckResponse>;

/**
 * Redeem what was checked: the same text and method, and for a card the held coupon chosen from
 * its list (the card proves the member is at the door).
 */
export const DoorRedeemRequest = DoorCheckRequest.extend({ userCouponId: Uuid.optional() }).meta({ id: 'DoorRedeemRequest' });
export type DoorRedeemRequest = z.infer<typeof DoorRedeemRequest>;

export const DoorRedeemResponse = z
  .object({
    ok: z.literal(true),
    /** "Redeemed: Free drink for Jordan". */
    message: z.string(),
    userCouponId: Uuid,
    redeemedAt: z.iso.datetime(),
    /** Until when this staffer may undo it (POST /api/admin/redemptions/{userCouponId}/undo). */
    undoableUntil: z.iso.datetime(),
  })
  .meta({ id: 'DoorRedeemResponse' });
export type DoorRedeemResponse = z.infer<typeof DoorRedeemResponse>;

/** `GET /api/door/tonight?venueId=`: which venue's night (as for a check). */
export const DoorTonightQuery = z.object({
  venueId: z.coerce.number().pipe(DoorVenueId).optional(),
  /** The named door this phone is at (X-Door-Id's value): the answer adds that door's tally tonight. */
  doorId: Uuid.optional(),
});
export type DoorTonightQuery = z.infer<typeof DoorTonightQuery>;

/**
 * Tonight at the door, for the signed-in staffer: the club night and their tally in it. Redemptions
 * count every redemption they made tonight, undone ones too; `undone` counts their undos.
 * (Tonight's scan log is GET /api/admin/scans: door staff see no other night there.)
 */
export const DoorTonight = z
  .object({
    night: z.iso.date(),
    /** The venue whose night it is (in that venue's time zone); present when the group has more than one venue. */
    venueId: z.number().int().optional(),
    mine: z.object({
      redemptions: z.number().int(),
      visits: z.number().int(),
      undone: z.number().int(),
      /** People this staffer let in from tonight's guest lists at the venue; present once there is one. */
      guests: z.number().int().optional(),
    }),
    /**
     * The named door's tally tonight, whoever stood at it (present when `doorId` names a door of
     * this venue): coupons redeemed there (undone ones too) and members whose card it let in.
     */
    door: z.object({ name: z.string(), redemptions: z.number().int(), cards: z.number().int() }).optional(),
  })
  .meta({ id: 'DoorTonight' });
export type DoorTonight = z.infer<typeof DoorTonight>;

/** The member's card in the members area: what door staff scan, with the short code under it. */
export const MemberCard = z
  .object({
    firstName: z.string(),
    lastName: z.string().nullable(),
    tier: MemberTier,
    memberSince: z.iso.datetime(),
    /** The text the card's QR holds (draw it as is): `{"memberCardId": "...", "token": "..."}`. */
    qrPayload: z.string(),
    /** 11 Crockford base32 characters in groups of 4-4-3, like a coupon's: `K7QM-3XPD-2A9`. */
    shortCode: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof MemberCard>;

/** The JSON a member card's QR holds. */
export const MemberCardPayload = z.object({ memberCardId: Uuid, token: z.string().min(1).max(200) });
export type MemberCardPayload = z.infer<typeof MemberCardPayload>;
