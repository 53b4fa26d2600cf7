import { defineEntity, p } from '@mikro-orm/core';
import { DELIVERY_STATES } from '@nocturne/domain';

export { DELIVERY_STATES, type DeliveryState } from '@nocturne/domain';

/**
 * One e-mail the worker owes, written in the same transaction as the message or booking it is
 * about. The worker marks it sent (a retried job never sends it again) or records why it failed.
 * `kind` names the e-mail: venue-notification, guest-acknowledgement, guest-status-confirmed...
 */
export const EmailDelivery = defineEntity({
  name: 'EmailDelivery',
  tableName: 'email_deliveries',
  uniques: [{ name: 'email_deliveries_subject_kind_unique', properties: ['subjectId', 'kind'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    subjectType: p.enum(['contact_message', 'booking'] as const),
    subjectId: p.uuid(),
    kind: p.string().length(50),
    recipient: p.string().length(254),
    state: p.enum(DELIVERY_STATES).default('pending'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    sentAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
