import type { JobRequest } from './enqueue.js';
import { type DomainEventPayload, type DomainEventType, domainEventSchemas, isDomainEventType } from './events.js';
import type { JobName, JobPayload } from './jobs.js';

type Routes = {
  [T in DomainEventType]?: (payload: DomainEventPayload<T>) => JobRequest[];
};

/** Outgoing webhooks carry the event's payload (ids, no personal data) under its public name. */
const webhook = (event: JobPayload<'webhooks.fan-out'>['event'], data: object): JobRequest => ({
  name: 'webhooks.fan-out',
  data: { event, data: { ...data } },
});

/**
 * What background work each domain event asks for. The outbox relay enqueues these jobs with
 * ids derived from the outbox row, so a row relayed twice still makes each job once.
 */
export const eventRoutes: Routes = {
  PasswordResetRequested: (event) => [{ name: 'email.password-reset', data: event }],
  ContactMessageReceived: (event) => [{ name: 'email.contact-message', data: event }],
  BookingRequested: (event) => [
    { name: 'email.booking-request', data: event },
    { name: 'email.booking-acknowledgement', data: event },
    webhook('booking.requested', event),
  ],
  BookingStatusChanged: (event) => [{ name: 'email.booking-status', data: event }],
  // The worker skips these quietly while ActiveCampaign is not configured or auto-sync is off.
  MemberRegistered: (event) => [
    { name: 'activecampaign.sync-contact', data: { memberId: event.memberId } },
    webhook('member.registered', event),
  ],
  CommentPosted: (event) => [webhook('comment.posted', event)],
  CouponClaimed: (event) => [webhook('coupon.claimed', event)],
  CouponRedeemed: (event) => [webhook('coupon.redeemed', event)],
  MemberTierChanged: (event) => [{ name: 'activecampaign.sync-contact', data: { memberId: event.memberId } }],
  ContactsBulkSyncRequested: (event) => [{ name: 'activecampaign.bulk-sync', data: event }],
  MemberDeleted: (event) =>
    event.acContactId
      ? [{ name: 'activecampaign.delete-contact', data: { memberId: event.memberId, contactId: event.acContactId } }]
      : [],
};

export function jobsForEvent<T extends DomainEventType>(type: T, payload: DomainEventPayload<T>): JobRequest[] {
  const route = eventRoutes[type] as ((payload: DomainEventPayload<T>) => JobRequest[]) | undefined;
  return route ? route(payload) : [];
}

/**
 * The jobs of an event as stored (an outbox row's type and payload), its payload parsed by the
 * event's schema; undefined for a type this build does not know.
 */
export function jobsForStoredEvent(type: string, payload: unknown): JobRequest[] | undefined {
  if (!isDomainEventType(type)) return undefined;
  return jobsForEvent(type, parseDomainEventPayload(type, payload));
}

function parseDomainEventPayload<T extends DomainEventType>(type: T, payload: unknown): DomainEventPayload<T> {
  return domainEventSchemas[type].parse(payload) as DomainEventPayload<T>;
}

/** Deterministic job id: `<outbox id>-<job name>`. */
export function jobIdFor(outboxId: string, name: JobName): string {
  return `${outboxId}-${name.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}
