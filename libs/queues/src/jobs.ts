import { BOOKING_DECISIONS, STAFF_ROLES, WEBHOOK_EVENTS } from '@nocturne/domain';
import { z } from 'zod';

export const QueueName = {
  Email: 'email',
  ActiveCampaign: 'activecampaign',
  Maintenance: 'maintenance',
  Webhooks: 'webhooks',
  Wallet: 'wallet',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const ALL_QUEUES: QueueName[] = Object.values(QueueName);

/**
 * The job registry: every job's queue and payload schema. Producers and processors both parse
 * payloads with these schemas, and the worker refuses to start unless each job has exactly one
 * handler.
 */
export const jobDefinitions = {
  /** A reset link; with `invitedAs`, the invitation of a new staff account (the same link, to set a first password). */
  'email.password-reset': {
    queue: QueueName.Email,
    payload: z.object({ memberId: z.uuid(), requestId: z.uuid(), invitedAs: z.enum(STAFF_ROLES).optional() }),
  },
  /** Tells a member someone signed up with their e-mail, with the ways back in (sign in, reset the password). */
  'email.existing-account-notice': {
    queue: QueueName.Email,
    payload: z.object({ memberId: z.uuid() }),
  },
  'email.contact-message': {
    queue: QueueName.Email,
    payload: z.object({ contactMessageId: z.uuid() }),
  },
  'email.booking-request': {
    queue: QueueName.Email,
    payload: z.object({ bookingId: z.uuid() }),
  },
  'email.booking-acknowledgement': {
    queue: QueueName.Email,
    payload: z.object({ bookingId: z.uuid() }),
  },
  'email.booking-status': {
    queue: QueueName.Email,
    payload: z.object({ bookingId: z.uuid(), status: z.enum(BOOKING_DECISIONS) }),
  },
  /** Tells the venue inbox a guest cancelled through their e-mail's link. */
  'email.booking-cancelled': {
    queue: QueueName.Email,
    payload: z.object({ bookingId: z.uuid() }),
  },
  /** A guest's reminder the afternoon of their night, with the cancel link; its email_deliveries row is written first. */
  'email.booking-reminder': {
    queue: QueueName.Email,
    payload: z.object({ bookingId: z.uuid() }),
  },
  /** A member's points expiry warning of a month (POINTS_EXPIRE_AFTER_MONTHS); its email_deliveries row is written first. */
  'email.points-expiry-warning': {
    queue: QueueName.Email,
    payload: z.object({ memberId: z.uuid(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  },
  /** A member's birthday coupon e-mail of a year; its email_deliveries row is written with the grant. */
  'email.birthday-coupon': {
    queue: QueueName.Email,
    payload: z.object({ memberId: z.uuid(), year: z.number().int() }),
  },
  'activecampaign.sync-contact': {
    queue: QueueName.ActiveCampaign,
    /** manual: asked for by an admin, so it runs even when auto-sync is off. */
    payload: z.object({ memberId: z.uuid(), manual: z.boolean().optional() }),
  },
  /** Removes a deleted member's contact from ActiveCampaign (by AC's id: the e-mail is gone). */
  'activecampaign.delete-contact': {
    queue: QueueName.ActiveCampaign,
    payload: z.object({ memberId: z.uuid(), contactId: z.string().min(1).max(50) }),
  },
  /** Fans a bulk sync out as a flow: one import child per batch under a finishing parent. */
  'activecampaign.bulk-sync': {
    queue: QueueName.ActiveCampaign,
    payload: z.object({ syncJobId: z.uuid() }),
  },
  'activecampaign.import-batch': {
    queue: QueueName.ActiveCampaign,
    /** recheck: how many times this batch's AC import was found still open and re-checked later. */
    payload: z.object({ syncJobId: z.uuid(), batchNo: z.number().int().min(0), recheck: z.number().int().min(1).optional() }),
  },
  'activecampaign.bulk-sync-finish': {
    queue: QueueName.ActiveCampaign,
    payload: z.object({ syncJobId: z.uuid() }),
  },
  /**
   * After a bulk sync: pairs the contacts a batch's import created (import/info lists their ids
   * only) with the batch's members, so an erasure can delete the contact; run once the sync has
   * finished, so the lookups do not share AC's rate limit with the imports.
   */
  'activecampaign.contact-ids': {
    queue: QueueName.ActiveCampaign,
    payload: z.object({
      syncJobId: z.uuid(),
      batchNo: z.number().int().min(0),
      createdContactIds: z.array(z.string().min(1).max(50)).min(1).max(250),
    }),
  },
  /** Writes one delivery per subscribed endpoint and queues each; its job id names the event. */
  'webhooks.fan-out': {
    queue: QueueName.Webhooks,
    payload: z.object({
      event: z.enum(WEBHOOK_EVENTS),
      data: z.record(z.string(), z.unknown()),
    }),
  },
  'webhooks.deliver': {
    queue: QueueName.Webhooks,
    payload: z.object({ deliveryId: z.uuid() }),
  },
  /**
   * A member's Apple Wallet passes changed (points, tier, a coupon's state): marks their card pass
   * (and the coupon's pass, when one is named) changed and pushes every device registered for them.
   */
  'wallet.update-passes': {
    queue: QueueName.Wallet,
    payload: z.object({ memberId: z.uuid(), userCouponId: z.uuid().optional() }),
  },
  'maintenance.prune-sessions': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  'maintenance.purge-stale-uploads': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  /** Daily: deletes, in batches, the rows of each log past its retention (RETENTION_DAYS, docs/SECURITY.md). */
  'maintenance.trim-logs': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  /** Nightly: expires warned batches of points older than POINTS_EXPIRE_AFTER_MONTHS and queues the warnings due (does nothing when unset). */
  'maintenance.expire-points': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  /** Daily: gives the birthday coupon (the manager's template) to members in their birthday week, once a year. */
  'maintenance.grant-birthday-coupons': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  /** Daily: gives each member their tier's monthly coupon (the manager's template), once per venue month. */
  'maintenance.grant-tier-coupons': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  /** Every quarter hour: from 14:00 venue time, queues the reminders of tonight's confirmed bookings not yet reminded. */
  'maintenance.queue-booking-reminders': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
  /**
   * Every quarter hour: a member's Wallet card shows their next guest-list night until its last
   * entry; when that passes, their card is pushed so it shows the next one (or none).
   */
  'maintenance.guest-list-passes': {
    queue: QueueName.Maintenance,
    payload: z.object({}),
  },
} as const;

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
export const ALL_JOB_NAMES = Object.keys(jobDefinitions) as JobName[];

export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return jobDefinitions[name].payload.parse(data) as JobPayload<N>;
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobDefinitions, name);
}

export function queueOf(name: JobName): QueueName {
  return jobDefinitions[name].queue;
}
