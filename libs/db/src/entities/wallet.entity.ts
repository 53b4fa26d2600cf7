import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';

export const WALLET_PASS_KINDS = ['coupon', 'card'] as const;
export type WalletPassKind = (typeof WALLET_PASS_KINDS)[number];

/**
 * An Apple Wallet pass the api has handed out (README "Wallet passes"): a member's card or one of
 * their claimed coupons. Its id is the pass's serial number; `subject` names what it shows
 * (`card:<member id>`, `coupon:<user coupon id>`), one pass each. The pass's authentication token
 * (Apple's `ApplePass <token>`) is stored only as its SHA-256. `updated_at` is when what the pass
 * shows last changed: the web service's Last-Modified and its update tags.
 */
export const WalletPass = defineEntity({
  name: 'WalletPass',
  tableName: 'wallet_passes',
  uniques: [{ name: 'wallet_passes_subject_unique', properties: ['subject'] }],
  indexes: [{ name: 'wallet_passes_member_idx', properties: ['member'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    kind: p.enum(WALLET_PASS_KINDS),
    subject: p.string().length(60),
    authTokenHash: p.string().length(64),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/**
 * A device that added a pass and asked to be told of its changes (PassKit web service "Register a
 * pass for update notifications"): its device library id, the APNs push token it gave, the pass.
 */
export const WalletRegistration = defineEntity({
  name: 'WalletRegistration',
  tableName: 'wallet_registrations',
  indexes: [{ name: 'wallet_registrations_pass_idx', properties: ['pass'] }],
  properties: {
    deviceLibraryId: p.string().length(100).primary(),
    pass: () => p.manyToOne(WalletPass).primary().deleteRule('cascade'),
    pushToken: p.string().length(200),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
