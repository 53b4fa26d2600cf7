import { defineEntity, p } from '@mikro-orm/core';
import { POINT_KINDS } from '@nocturne/domain';
import { Member } from './member.entity.js';
import { Promotion } from './tier-benefit.entity.js';

export { POINT_KINDS, type PointKind } from '@nocturne/domain';

/**
 * The points ledger: append-only (a trigger refuses UPDATE and DELETE), one row per effect.
 * The unique key on (member, kind, source) makes each source pay at most once.
 */
export const PointTransaction = defineEntity({
  name: 'PointTransaction',
  tableName: 'point_transactions',
  uniques: [{ name: 'point_transactions_source_unique', properties: ['member', 'kind', 'sourceId'] }],
  indexes: [
    { name: 'point_transactions_member_created_idx', properties: ['member', 'createdAt'] },
    // The admin overview sums points issued and spent per club night.
    { name: 'point_transactions_created_at_idx', properties: ['createdAt'] },
  ],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('restrict'),
    points: p.integer(),
    kind: p.enum(POINT_KINDS),
    description: p.string().length(300),
    sourceType: p.string().length(50),
    sourceId: p.string().length(100),
    reversesId: p.uuid().nullable().unique(),
    /** The admin who wrote the row by hand (a staff adjustment); null for rows the product wrote. */
    recordedBy: () => p.manyToOne(Member).deleteRule('restrict').nullable(),
    /**
     * What the row was paid by: its base points, the member's tier multiplier
     * and the promotion's, in hundredths, and the promotion (null: none). Only comment rewards and
     * visits are multiplied (points = round-half-up(base × tier × promotion / 10000)); every other
     * row has base = points at 1.00×. A database check holds both rules.
     */
    basePoints: p.integer(),
    tierMultiplier: p.integer().default(100),
    promotionMultiplier: p.integer().default(100),
    promotion: () => p.manyToOne(Promotion).deleteRule('restrict').nullable().index('point_transactions_promotion_id_idx'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
