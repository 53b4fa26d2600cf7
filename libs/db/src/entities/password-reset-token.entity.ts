import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';

export const PasswordResetToken = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    /** The PasswordResetRequested event this token answers: a retried job replaces, never adds. */
    requestId: p.uuid().unique(),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz'),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
