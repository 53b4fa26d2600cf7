import { DOOR_DATA_STALE_MINUTES_MAX } from '@nocturne/domain';
import { z } from 'zod';
import { Uuid } from './common.js';

/**
 * The header door mode sends with every door request: the phone's own id, made once on the phone
 * and kept there (not a secret: it only says which phone's typed codes wait after too many wrong
 * ones). Without it, a client's typed codes count as one device of its account.
 */
export const DOOR_DEVICE_HEADER = 'X-Door-Device';
/** 8 to 64 letters, digits, hyphens or underscores (door mode sends a random UUID). */
export const DOOR_DEVICE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The header naming the door (a door device a manager named, by id) the phone is at; none: a door with no name. */
export const DOOR_ID_HEADER = 'X-Door-Id';

/** A phone, or a whole door account, kept from typing codes after too many wrong ones. */
export const DoorLockout = z
  .object({
    /** What to lift (POST /api/admin/door-lockouts/{id}/lift). */
    id: z.string(),
    /** `device`: this phone only; `account`: every phone of the account (its ceiling was reached). */
    scope: z.enum(['device', 'account']),
    staff: z.object({ id: Uuid, name: z.string() }),
    /** The phone's id (its first 8 characters are enough to tell phones apart); null for an account, or a client that sends none. */
    device: z.string().nullable(),
    /** The named door the phone was at, when it named one. */
    door: z.string().nullable(),
    until: z.iso.datetime(),
  })
  .meta({ id: 'DoorLockout' });
export type DoorLockout = z.infer<typeof DoorLockout>;

export const DoorLockoutList = z.object({ lockouts: z.array(DoorLockout) }).meta({ id: 'DoorLockoutList' });
export type DoorLockoutList = z.infer<typeof DoorLockoutList>;

export const DoorLockoutParams = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}\.(?:account|-|[A-Za-z0-9_-]{8,64})$/, 'must be a lock-out id from the list'),
});
export type DoorLockoutParams = z.infer<typeof DoorLockoutParams>;

export const DoorLockoutLifted = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'DoorLockoutLifted' });
export type DoorLockoutLifted = z.infer<typeof DoorLockoutLifted>;

/** The optional door headers as the api reads them. */
export const DoorHeaders = z.object({
  device: z.string().regex(DOOR_DEVICE_PATTERN, 'must be 8 to 64 letters, digits, - or _').optional(),
  doorId: Uuid.optional(),
});
export type DoorHeaders = z.infer<typeof DoorHeaders>;

/** A door a manager named at a venue ("Main door", "VIP"); a door session picks one on its first screen. */
export const NamedDoor = z
  .object({
    id: Uuid,
    venueId: z.number().int(),
    venueName: z.string(),
    name: z.string(),
    /** Archived doors are kept (the scan log names them) but no phone can pick them. */
    archived: z.boolean(),
  })
  .meta({ id: 'NamedDoor' });
export type NamedDoor = z.infer<typeof NamedDoor>;

export const NamedDoorList = z.object({ doors: z.array(NamedDoor) }).meta({ id: 'NamedDoorList' });
export type NamedDoorList = z.infer<typeof NamedDoorList>;

/** The venue whose door this phone is at, as for a check (none: the account's only venue, else the first). */
export const DoorsToPickQuery = z.object({
  venueId: z.coerce
    .number({ message: 'must be a venue id' })
    .int('must be a venue id')
    .positive('must be a venue id')
    .max(2_147_483_647, 'must be a venue id')
    .optional(),
});
export type DoorsToPickQuery = z.infer<typeof DoorsToPickQuery>;

const DoorName = z.string({ message: 'is required' }).trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters');

export const CreateNamedDoorRequest = z
  .object({
    name: DoorName,
    /** The venue it is at; none: the first venue (a single-venue install has only that one). */
    venueId: z.number().int().positive().optional(),
  })
  .meta({ id: 'CreateNamedDoorRequest' });
export type CreateNamedDoorRequest = z.infer<typeof CreateNamedDoorRequest>;

export const UpdateNamedDoorRequest = z
  .object({ name: DoorName.optional(), archived: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.archived !== undefined, 'must give a name or archived')
  .meta({ id: 'UpdateNamedDoorRequest' });
export type UpdateNamedDoorRequest = z.infer<typeof UpdateNamedDoorRequest>;

export const NamedDoorParams = z.object({ id: Uuid });
export type NamedDoorParams = z.infer<typeof NamedDoorParams>;

/** The door settings a manager sets: how old an offline door's data may get before every verdict says so. */
export const DoorSettings = z
  .object({
    /** Minutes (default 30): past it, every verdict decided offline says "Door data from 23:38 (42 min old)". */
    staleAfterMinutes: z.number().int(),
  })
  .meta({ id: 'DoorSettings' });
export type DoorSettings = z.infer<typeof DoorSettings>;

export const UpdateDoorSettingsRequest = z
  .object({
    staleAfterMinutes: z
      .number({ message: 'must be a whole number of minutes' })
      // Not .int(): its refusal reads as a missing field in the api's words.
      .refine(Number.isInteger, 'must be a whole number of minutes')
      .min(1, 'must be at least 1 minute')
      .max(
        DOOR_DATA_STALE_MINUTES_MAX,
        `must be at most ${DOOR_DATA_STALE_MINUTES_MAX} minutes (${DOOR_DATA_STALE_MINUTES_MAX / 60} hours)`,
      ),
  })
  .meta({ id: 'UpdateDoorSettingsRequest' });
export type UpdateDoorSettingsRequest = z.infer<typeof UpdateDoorSettingsRequest>;
