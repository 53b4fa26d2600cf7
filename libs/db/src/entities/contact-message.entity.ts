import { defineEntity, p } from '@mikro-orm/core';

/** A message from the public contact form. Spam (the honeypot was filled) is kept, flagged, and never e-mailed. */
export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    name: p.string().length(120),
    email: p.string().length(254),
    phone: p.string().length(40).nullable(),
    message: p.text(),
    isSpam: p.boolean().default(false),
    ip: p.string().length(64).nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()').index('contact_messages_created_at_idx'),
  },
});
