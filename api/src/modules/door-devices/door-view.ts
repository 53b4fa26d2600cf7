import type { NamedDoor } from '@nocturne/contracts';
import type { DoorRow } from './door-devices.repository.js';

export const namedDoor = (row: DoorRow): NamedDoor => ({
  id: row.id,
  venueId: row.venue_id,
  venueName: row.venue_name,
  name: row.name,
  archived: row.archived_at !== null,
});

export const doorNameTaken = (name: string, venue: string) => `${venue} already has a door named '${name}'.`;
export const NO_SUCH_DOOR = 'No such door.';
