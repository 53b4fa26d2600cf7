import { defineEntity, p } from '@mikro-orm/core';
import { CONTACT_MESSAGE_STATES } from '@nocturne/domain';
import { Member } from './member.entity.js';
import { Venue } from './venue.entity.js';

export { CONTACT_MESSAGE_STATES, type ContactMessageState } from '@nocturne/domain';

/**
 * A message from the public contact form. Spam (the honeypot was filled) is kept, flagged, and never e-mailed.
 */
export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  // The admin inbox pages newest first by (created_at, id).
  indexes: [{ name: 'contact_messages_created_at_id_idx', properties: ['createdAt', 'id'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** The venue written to (its inbox); venue 1 in an install of one venue. */
    venue: () => p.manyToOne(Venue).deleteRule('restrict').defaultRaw('1'),
    name: p.string().length(120),
    email: p.string().length(254),
    phone: p.string().length(40).nullable(),
    message: p.text(),
    isSpam: p.boolean().default(false),
    /** New until staff mark it handled; who and when are kept (cleared when it is reopened). */
    state: p.enum(CONTACT_MESSAGE_STATES).default('new'),
    handledBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    handledAt: p.datetime().columnType('timestamptz').nullable(),
    ip: p.string().length(64).nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
