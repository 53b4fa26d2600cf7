import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';

export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * A staff account's second factor: a TOTP secret or a passkey. A TOTP row is written
 * unconfirmed when enrolment starts and counts once a code from it was checked (`confirmed_at`);
 * its secret is never returned after that. `last_step` is the last accepted TOTP time step: a code
 * of that step or an earlier one is refused (no replay). A passkey keeps its credential id, COSE
 * public key, signature counter and transports.
 */
export const SecondFactor = defineEntity({
  name: 'SecondFactor',
  tableName: 'second_factors',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    kind: p.enum(SECOND_FACTOR_KINDS),
    label: p.string().length(100),
    totpSecret: p.string().length(200).nullable(),
    lastStep: p.integer().nullable(),
    credentialId: p.string().length(1400).nullable().unique(),
    publicKey: p.text().nullable(),
    signCount: p.integer().default(0),
    transports: p.string().length(200).nullable(),
    confirmedAt: p.datetime().columnType('timestamptz').nullable(),
    lastUsedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/** One-time recovery codes: only their SHA-256 is kept; `used_at` set when one is spent. */
export const RecoveryCode = defineEntity({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    codeHash: p.string().length(64).unique(),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/** A device remembered for at most 12 hours after a second factor was given on it: an opaque cookie, hashed here. */
export const RememberedDevice = defineEntity({
  name: 'RememberedDevice',
  tableName: 'remembered_devices',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime().columnType('timestamptz'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
