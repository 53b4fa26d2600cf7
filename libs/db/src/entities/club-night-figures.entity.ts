import { defineEntity, p } from '@mikro-orm/core';

/**
 * The admin overview's figures of one club night that is over (claims, redemptions, sign-ups,
 * comments, points issued, spent and withdrawn), counted once its redemptions could no longer be
 * undone and kept: the overview reads these instead of scanning past nights' rows again.
 */
export const ClubNightFigures = defineEntity({
  name: 'ClubNightFigures',
  tableName: 'club_night_figures',
  properties: {
    /** The club night (YYYY-MM-DD, venue time). */
    night: p.string().columnType('date').primary(),
    figures: p.json<Record<string, number>>(),
    computedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
