import { defineEntity, p } from '@mikro-orm/core';
import { Member } from './member.entity.js';
import { Venue } from './venue.entity.js';

/**
 * A member at a venue's door: their card scanned on a club night (in that venue's zone). One row per
 * member, venue and night (the unique key decides between two staffers scanning at once), so visit
 * points are paid once a night per venue, and no more paying visits a night than the group's cap.
 */
export const Visit = defineEntity({
  name: 'Visit',
  tableName: 'visits',
  uniques: [{ name: 'visits_member_venue_night_unique', properties: ['member', 'venue', 'night'] }],
  // Door mode's tally counts a staffer's visits of the night.
  indexes: [
    { name: 'visits_recorded_by_night_idx', properties: ['recordedBy', 'night'] },
    // The overview's tonight at each venue counts a venue's visits of its night, and tonight's door
    // data reads a venue's regulars, from visits_venue_night_idx: a covering index, written in
    // Migration20261130080000_CoveringIndexes (entities cannot say INCLUDE).
  ],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    /** Where it happened (every visit from before venues: the first venue). */
    venue: () => p.manyToOne(Venue).deleteRule('restrict').default(1),
    /** The club night (YYYY-MM-DD, the night that began at 06:00 venue time). */
    night: p.string().columnType('date'),
    /** The staffer whose scan recorded it. */
    recordedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    /** What the visit paid (POINTS_PER_VISIT when it was recorded; 0 while visit points are off or past the night's cap). */
    points: p.integer(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
