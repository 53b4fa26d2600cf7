import type { WebhookEventName } from '@nocturne/domain';
import type { JobRequest } from './enqueue.js';
import { type DomainEventType, isDomainEventType, parseStoredEventPayload, type StoredEventPayload } from './events.js';
import type { JobName } from './jobs.js';

/** The background work an event asks for: which jobs it can make, and how, from its stored payload. */
export interface EventJobs<T extends DomainEventType> {
  readonly jobs: readonly JobName[];
  readonly build: (payload: StoredEventPayload<T>) => JobRequest[];
}

/** An event that asks for no background work, and why: every event has a reaction or a reason. */
export interface NoJobs {
  readonly jobs: readonly [];
  readonly reason: string;
}

export type EventRoute<T extends DomainEventType> = EventJobs<T> | NoJobs;

/** Declares the jobs an event makes; `build` cannot make a job it does not declare (N comes from `names` only). */
function jobs<T extends DomainEventType, const N extends JobName>(
  names: readonly N[],
  build: (payload: StoredEventPayload<T>) => (JobRequest & { name: NoInfer<N> })[],
): EventJobs<T> {
  return { jobs: names, build };
}

/** A member's wallet passes show points, tier, coupons' states and the coming guest list: the worker pushes the change to their devices. */
const walletUpdate = (memberId: string, userCouponId?: string): JobRequest<'wallet.update-passes'> => ({
  name: 'wallet.update-passes',
  data: userCouponId === undefined ? { memberId } : { memberId, userCouponId },
});

const noJobs = (reason: string): NoJobs => ({ jobs: [], reason });

/** Outgoing webhooks carry the event's payload (ids and the facts of the moment, no personal data) under its public name. */
const webhook = (event: WebhookEventName, data: object): JobRequest<'webhooks.fan-out'> => ({
  name: 'webhooks.fan-out',
  data: { event, data: { ...data } },
});

/**
 * What background work each domain event asks for (their in-transaction handlers are the api's,
 * beside the modules that react). The outbox relay enqueues these jobs with ids derived from the
 * outbox row, so a row relayed twice still makes each job once. docs/ARCHITECTURE.md lists every
 * route in its events table, and a test holds the two together.
 */
export const eventRoutes: { [T in DomainEventType]: EventRoute<T> } = {
  MemberRegistered: jobs(['activecampaign.sync-contact', 'webhooks.fan-out'], (event) => [
    // The worker skips the sync quietly while ActiveCampaign is not configured or auto-sync is off.
    { name: 'activecampaign.sync-contact', data: { memberId: event.memberId } },
    webhook('member.registered', event),
  ]),
  // The contact's list status (subscribed / unsubscribed) follows the consent.
  MemberConsentChanged: jobs(['activecampaign.sync-contact'], (event) => [
    { name: 'activecampaign.sync-contact', data: { memberId: event.memberId } },
  ]),
  MemberTierChanged: jobs(['activecampaign.sync-contact', 'wallet.update-passes'], (event) => [
    { name: 'activecampaign.sync-contact', data: { memberId: event.memberId } },
    walletUpdate(event.memberId),
  ]),
  PasswordResetRequested: jobs(['email.password-reset'], (event) => [{ name: 'email.password-reset', data: event }]),
  SignUpWithExistingEmail: jobs(['email.existing-account-notice'], (event) => [
    { name: 'email.existing-account-notice', data: { memberId: event.memberId } },
  ]),
  // The same one-time link as a reset, worded as an invitation naming the role.
  StaffInvited: jobs(['email.password-reset'], (event) => [
    { name: 'email.password-reset', data: { memberId: event.memberId, requestId: event.requestId, invitedAs: event.role } },
  ]),
  StaffRoleChanged: noJobs(
    'audit trail only: the sessions were revoked in the same transaction, so the new role applies from the next sign-in',
  ),
  CommentPosted: jobs(['webhooks.fan-out', 'wallet.update-passes'], (event) => [
    webhook('comment.posted', event),
    ...(event.pointsAwarded > 0 ? [walletUpdate(event.memberId)] : []),
  ]),
  CouponClaimed: jobs(['webhooks.fan-out', 'wallet.update-passes'], (event) => [
    webhook('coupon.claimed', event),
    walletUpdate(event.memberId),
  ]),
  CouponRedeemed: jobs(['webhooks.fan-out', 'wallet.update-passes'], (event) => [
    webhook('coupon.redeemed', event),
    walletUpdate(event.memberId, event.userCouponId),
  ]),
  // A receiver counting coupon.redeemed learns that one no longer stands.
  CouponRedemptionUndone: jobs(['webhooks.fan-out', 'wallet.update-passes'], (event) => [
    webhook('coupon.redemption_undone', event),
    walletUpdate(event.memberId, event.userCouponId),
  ]),
  MemberVisited: jobs(['webhooks.fan-out', 'wallet.update-passes'], (event) => [
    webhook('member.visited', event),
    ...(event.points > 0 ? [walletUpdate(event.memberId)] : []),
  ]),
  // Both members' cards show their balance: each gets a pass update when the referral paid points.
  ReferralEarned: jobs(['wallet.update-passes'], (event) =>
    event.points > 0 ? [walletUpdate(event.referrerId), walletUpdate(event.referredId)] : [],
  ),
  // The card shows the balance: the member's devices get the new figure as after any other change.
  MemberPointsAdjusted: jobs(['wallet.update-passes'], (event) => [walletUpdate(event.memberId)]),
  // The card shows the member's nearest coming guest-list night: joining or leaving changes it.
  GuestListJoined: jobs(['wallet.update-passes'], (event) => [walletUpdate(event.memberId)]),
  GuestListLeft: jobs(['wallet.update-passes'], (event) => [walletUpdate(event.memberId)]),
  // A night taken back to draft, moved, or given another free-entry time: each listed member's card.
  GuestListNightsChanged: jobs(['wallet.update-passes'], (event) => event.memberIds.map((memberId) => walletUpdate(memberId))),
  ContactMessageReceived: jobs(['email.contact-message'], (event) => [{ name: 'email.contact-message', data: event }]),
  BookingRequested: jobs(['email.booking-request', 'email.booking-acknowledgement', 'webhooks.fan-out'], (event) => [
    { name: 'email.booking-request', data: event },
    { name: 'email.booking-acknowledgement', data: event },
    webhook('booking.requested', event),
  ]),
  BookingStatusChanged: jobs(['email.booking-status'], (event) => [{ name: 'email.booking-status', data: event }]),
  BookingCancelled: jobs(['email.booking-cancelled'], (event) => [{ name: 'email.booking-cancelled', data: event }]),
  ContactsBulkSyncRequested: jobs(['activecampaign.bulk-sync'], (event) => [{ name: 'activecampaign.bulk-sync', data: event }]),
  MemberDisabled: noJobs(
    'audit trail only: the sessions were revoked in the same transaction, and the ActiveCampaign contact stays (disabling stops signing in, not e-mail the member agreed to)',
  ),
  MemberEnabled: noJobs(
    'audit trail only: signing in works again at once, and nothing outside changed when the account was disabled',
  ),
  // A member who never reached ActiveCampaign has no contact to delete.
  MemberDeleted: jobs(['activecampaign.delete-contact'], (event) =>
    event.acContactId
      ? [{ name: 'activecampaign.delete-contact', data: { memberId: event.memberId, contactId: event.acContactId } }]
      : [],
  ),
};

export function jobsForEvent<T extends DomainEventType>(type: T, payload: StoredEventPayload<T>): JobRequest[] {
  const route: EventRoute<T> = eventRoutes[type];
  return 'build' in route ? route.build(payload) : [];
}

/**
 * The jobs of an event as stored (an outbox row's type and payload), its payload parsed by the
 * event's stored schema; undefined for a type this build does not know.
 */
export function jobsForStoredEvent(type: string, payload: unknown): JobRequest[] | undefined {
  if (!isDomainEventType(type)) return undefined;
  return jobsForEvent(type, parseStoredEventPayload(type, payload));
}

/** Deterministic job id: `<outbox id>-<job name>`. */
export function jobIdFor(outboxId: string, name: JobName): string {
  return `${outboxId}-${name.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}
