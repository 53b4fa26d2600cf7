import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';

/** A sign-in. Only the SHA-256 of the bearer token is stored. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastSeenAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz'),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    userAgent: p.string().length(300).nullable(),
    ip: p.string().length(64).nullable(),
    /** False while a staff sign-in still owes its second factor (or must enrol one): such a session may only enrol, verify, read /me and sign out. */
    secondFactorOk: p.boolean().default(true),
    /** When this session last passed the second factor (null: never); dangerous staff actions want it within 15 minutes. */
    secondFactorAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
