import { BOOKING_DECISIONS, REDEEMED_BY, ROLES, STAFF_ROLES, TIERS } from '@nocturne/domain';
import { z } from 'zod';

/**
 * Domain events, past tense, each with the id of the aggregate it concerns. They are written to
 * the outbox in the transaction that raised them. Payloads carry ids and the facts a reaction needs
 * as they were at that moment (a claim's price and title), so no handler reads back a row that may
 * have changed since; never personal data (a handler that needs it reads the row).
 */
/**
 * What an earning entry was paid by (`Ledger.quote`): the base points, the
 * tier and promotion multipliers in hundredths, and the promotion (null: none).
 */
const Earning = z.object({
  basePoints: z.number().int().min(0),
  tierMultiplier: z.number().int().min(100).max(500),
  promotionMultiplier: z.number().int().min(100).max(500),
  promotionId: z.uuid().nullable(),
});

export const domainEventSchemas = {
  MemberRegistered: z.object({ memberId: z.uuid() }),
  /** The member gave or withdrew marketing consent: ActiveCampaign's list status follows. */
  MemberConsentChanged: z.object({ memberId: z.uuid(), marketingConsent: z.boolean() }),
  MemberTierChanged: z.object({
    memberId: z.uuid(),
    from: z.enum(TIERS),
    to: z.enum(TIERS),
  }),
  PasswordResetRequested: z.object({ memberId: z.uuid(), requestId: z.uuid() }),
  /**
   * Someone signed up with the e-mail of an existing membership: its owner is told by e-mail (the
   * sign-up's answer is the one a new e-mail gets, so it says nothing about who is a member).
   */
  SignUpWithExistingEmail: z.object({ memberId: z.uuid() }),
  /**
   * An admin invited the account to the staff with a role (a new account, or a member promoted and
   * signed out): the worker e-mails it a one-time link to set its password. requestId names the link.
   */
  StaffInvited: z.object({ memberId: z.uuid(), requestId: z.uuid(), role: z.enum(STAFF_ROLES), adminId: z.uuid() }),
  /** An admin changed a staff account's role (`member`: off the staff); its sessions ended in the same transaction. */
  StaffRoleChanged: z.object({ memberId: z.uuid(), adminId: z.uuid(), from: z.enum(ROLES), to: z.enum(ROLES) }),
  /**
   * postTitle: the post as it was titled when the comment was posted (the reward's history line
   * names it). pointsAwarded: what the reward pays, multiplied; earning: how (null: no reward).
   */
  CommentPosted: z.object({
    commentId: z.uuid(),
    memberId: z.uuid(),
    postId: z.uuid(),
    pointsAwarded: z.number().int(),
    postTitle: z.string().min(1).max(200),
    earning: Earning.nullable(),
  }),
  /** pointsCost and title: the coupon as the claim took it, so the debit is what the member agreed to pay. */
  CouponClaimed: z.object({
    userCouponId: z.uuid(),
    memberId: z.uuid(),
    couponId: z.uuid(),
    pointsCost: z.number().int().min(0),
    title: z.string().min(1).max(200),
  }),
  CouponRedeemed: z.object({ userCouponId: z.uuid(), memberId: z.uuid(), by: z.enum(REDEEMED_BY) }),
  CouponRedemptionUndone: z.object({ userCouponId: z.uuid(), memberId: z.uuid(), adminId: z.uuid() }),
  /**
   * A member's card scanned at the door on a club night for the first time: points (what the visit
   * pays, multiplied; 0 while visit points are off) are credited in the same transaction, as
   * `earning` says (null: nothing paid); staffId scanned it.
   */
  MemberVisited: z.object({
    visitId: z.uuid(),
    memberId: z.uuid(),
    /** The venue whose door recorded it; absent: the first venue (as every event from before venues). */
    venueId: z.number().int().positive().optional(),
    night: z.iso.date(),
    points: z.number().int().min(0),
    staffId: z.uuid(),
    earning: Earning.nullable(),
  }),
  /**
   * A referral paid at the invited member's first visit: both members were credited `points` (0
   * while referral points are off) in the same transaction.
   */
  ReferralEarned: z.object({
    referralId: z.uuid(),
    referrerId: z.uuid(),
    referredId: z.uuid(),
    points: z.number().int().min(0),
  }),
  /**
   * Staff added points to or took points from a member's balance (points: the signed change);
   * the ledger row and the audit row were written in the same transaction.
   */
  MemberPointsAdjusted: z.object({ memberId: z.uuid(), adminId: z.uuid(), points: z.number().int() }),
  /** A member put themselves on a night's guest list (entryId: their entry; night: the event's night). */
  GuestListJoined: z.object({ entryId: z.uuid(), memberId: z.uuid(), eventId: z.uuid(), night: z.iso.date() }),
  /** A member took themselves off a night's guest list. */
  GuestListLeft: z.object({ memberId: z.uuid(), eventId: z.uuid(), night: z.iso.date() }),
  /**
   * Staff changed what a member's Wallet card says of an event's coming nights (published or not,
   * its venue, last entry, free entry until): the members on those nights' lists.
   */
  GuestListNightsChanged: z.object({ eventId: z.uuid(), memberIds: z.array(z.uuid()) }),
  ContactMessageReceived: z.object({ contactMessageId: z.uuid() }),
  BookingRequested: z.object({ bookingId: z.uuid() }),
  BookingStatusChanged: z.object({ bookingId: z.uuid(), status: z.enum(BOOKING_DECISIONS) }),
  /** The guest cancelled through the signed link in their e-mail: the venue is told. */
  BookingCancelled: z.object({ bookingId: z.uuid() }),
  ContactsBulkSyncRequested: z.object({ syncJobId: z.uuid() }),
  /** Staff disabled the account (its sessions were revoked) or enabled it again: the audit trail of both. */
  MemberDisabled: z.object({ memberId: z.uuid(), adminId: z.uuid() }),
  MemberEnabled: z.object({ memberId: z.uuid(), adminId: z.uuid() }),
  /** acContactId: the member's ActiveCampaign contact, if one was made (an id, not personal data). */
  MemberDeleted: z.object({ memberId: z.uuid(), acContactId: z.string().min(1).max(50).nullable() }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

/**
 * Events as an outbox row may hold them. A field added to an event later is optional here: rows
 * written by an older build lack it and must still be relayed (a row that fails to parse would
 * hold up the relay). Events are raised, and handled in their transaction, with every field.
 */
export const storedEventSchemas = {
  ...domainEventSchemas,
  CommentPosted: domainEventSchemas.CommentPosted.partial({ postTitle: true, earning: true }),
  MemberVisited: domainEventSchemas.MemberVisited.partial({ earning: true }),
  CouponClaimed: domainEventSchemas.CouponClaimed.partial({ pointsCost: true, title: true }),
} satisfies { [T in DomainEventType]: z.ZodType };
export type StoredEventPayload<T extends DomainEventType> = z.infer<(typeof storedEventSchemas)[T]>;

/** An outbox row's payload, parsed by its event's stored schema. */
export function parseStoredEventPayload<T extends DomainEventType>(type: T, payload: unknown): StoredEventPayload<T> {
  return storedEventSchemas[type].parse(payload) as StoredEventPayload<T>;
}

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(domainEventSchemas, type);
}

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  aggregateId: string;
  payload: DomainEventPayload<T>;
  correlationId?: string;
}

export function domainEvent<T extends DomainEventType>(
  type: T,
  aggregateId: string,
  payload: DomainEventPayload<T>,
  correlationId?: string,
): DomainEvent<T> {
  return { type, aggregateId, payload: domainEventSchemas[type].parse(payload) as DomainEventPayload<T>, correlationId };
}
