import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121220942_Initial } from './Migration20261121220942_Initial.js';

/** Every migration in order. `npm run db:migration:create` writes a new file; add it here. */
export const migrationsList: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121220942_Initial', class: Migration20261121220942_Initial },
];

/**
 * Objects written by hand in migrations (triggers, functions, partial indexes, checks) that the
 * schema differ does not model; `db:migration:create` leaves statements about them out.
 */
export const HAND_WRITTEN_SCHEMA_OBJECTS = [
  'point_transactions_append_only',
  'point_transactions_reverses_fk',
  'members_points_non_negative',
  'outbox_unpublished_idx',
  'outbox_notify',
  'sessions_expires_at_idx',
];
