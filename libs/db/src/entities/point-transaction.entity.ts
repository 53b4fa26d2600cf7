import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';

/** `expiry`: unspent points taken back when POINTS_EXPIRE_AFTER_MONTHS is set (never out of total earned). */
export const POINT_KINDS = ['welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/**
 * The points ledger: append-only (a trigger refuses UPDATE and DELETE), one row per effect.
 * The unique key on (member, kind, source) makes each source pay at most once.
 */
export const PointTransaction = defineEntity({
  name: 'PointTransaction',
  tableName: 'point_transactions',
  uniques: [{ name: 'point_transactions_source_unique', properties: ['member', 'kind', 'sourceId'] }],
  indexes: [{ name: 'point_transactions_member_created_idx', properties: ['member', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('restrict'),
    points: p.integer(),
    kind: p.enum(POINT_KINDS),
    description: p.string().length(300),
    sourceType: p.string().length(50),
    sourceId: p.string().length(100),
    reversesId: p.uuid().nullable().unique(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
