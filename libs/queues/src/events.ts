import { BOOKING_DECISIONS, REDEEMED_BY, TIERS } from '@nocturne/domain';
import { z } from 'zod';

/**
 * Domain events, past tense, each with the id of the aggregate it concerns. They are written to
 * the outbox in the transaction that raised them; payloads carry ids, not personal data.
 */
export const domainEventSchemas = {
  MemberRegistered: z.object({ memberId: z.uuid() }),
  MemberTierChanged: z.object({
    memberId: z.uuid(),
    from: z.enum(TIERS),
    to: z.enum(TIERS),
  }),
  PasswordResetRequested: z.object({ memberId: z.uuid(), requestId: z.uuid() }),
  CommentPosted: z.object({ commentId: z.uuid(), memberId: z.uuid(), postId: z.uuid(), pointsAwarded: z.number().int() }),
  CouponClaimed: z.object({ userCouponId: z.uuid(), memberId: z.uuid(), couponId: z.uuid() }),
  CouponRedeemed: z.object({ userCouponId: z.uuid(), memberId: z.uuid(), by: z.enum(REDEEMED_BY) }),
  CouponRedemptionUndone: z.object({ userCouponId: z.uuid(), memberId: z.uuid(), adminId: z.uuid() }),
  ContactMessageReceived: z.object({ contactMessageId: z.uuid() }),
  BookingRequested: z.object({ bookingId: z.uuid() }),
  BookingStatusChanged: z.object({ bookingId: z.uuid(), status: z.enum(BOOKING_DECISIONS) }),
  ContactsBulkSyncRequested: z.object({ syncJobId: z.uuid() }),
  /** Staff disabled the account (its sessions were revoked) or enabled it again: the audit trail of both. */
  MemberDisabled: z.object({ memberId: z.uuid(), adminId: z.uuid() }),
  MemberEnabled: z.object({ memberId: z.uuid(), adminId: z.uuid() }),
  /** acContactId: the member's ActiveCampaign contact, if one was made (an id, not personal data). */
  MemberDeleted: z.object({ memberId: z.uuid(), acContactId: z.string().min(1).max(50).nullable() }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

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
