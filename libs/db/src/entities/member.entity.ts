import { defineEntity, p } from '@mikro-orm/core';
import { ROLES, TIERS } from '@nocturne/domain';

export const Member = defineEntity({
  name: 'Member',
  tableName: 'members',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** Stored lower-cased and trimmed; unique. */
    email: p.string().length(254).unique(),
    firstName: p.string().length(100),
    lastName: p.string().length(100).nullable(),
    passwordHash: p.string().length(300).hidden().lazy(),
    /** member, or the staff role (door, manager, admin) the account holds. */
    role: p.enum(ROLES).default('member'),
    /** Cached from point_transactions; changed only in the same transaction as a ledger row. */
    currentPoints: p.integer().default(0),
    totalPoints: p.integer().default(0),
    memberTier: p.enum(TIERS).default('bronze'),
    /** YYYY-MM-DD; required at sign-up, null for members who joined before. */
    dateOfBirth: p.string().columnType('date').nullable(),
    /** Marketing e-mail consent; false (unsubscribed) unless the member ticked it. */
    marketingConsent: p.boolean().default(false),
    /** When consent was last given or withdrawn, and the version of the wording shown then. */
    marketingConsentAt: p.datetime().columnType('timestamptz').nullable(),
    marketingConsentVersion: p.string().length(20).nullable(),
    acContactId: p.string().length(50).nullable(),
    acSyncedAt: p.datetime().columnType('timestamptz').nullable(),
    acSyncError: p.text().nullable(),
    /** Null until the first sign-in (registration counts as one). */
    lastSignInAt: p.datetime().columnType('timestamptz').nullable(),
    /** Set when the member deleted their account; the row then holds no personal data. */
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
    /** Set while staff have disabled the account: no session works and sign-in is refused. */
    disabledAt: p.datetime().columnType('timestamptz').nullable(),
    /** The admin who disabled it (null when enabled, or that admin's row is gone). */
    disabledBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    /** Indexed: the admin overview counts new members per club night. */
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()').index('members_created_at_idx'),
    updatedAt: p
      .datetime()
      .columnType('timestamptz')
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
    /**
     * When a column a door's data holds (first name, tier, disabled, deleted) last changed: set by
     * the trigger members_door_changed, never by the app; a door's poll reads it by its index.
     */
    doorChangedAt: p.datetime().columnType('timestamptz').defaultRaw('now()').index('members_door_changed_at_idx'),
  },
});
