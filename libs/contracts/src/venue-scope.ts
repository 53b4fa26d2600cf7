import { z } from 'zod';

/** A venue as staff screens offer it: in the checkbox lists of editors and the Staff screen. */
export const VenueChoice = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Archived venues keep their history and take nothing new: editors do not offer them. */
    archived: z.boolean(),
    /** Whether the signed-in staffer works there (an admin or group account: every venue). */
    mine: z.boolean(),
  })
  .meta({ id: 'VenueChoice' });
export type VenueChoice = z.infer<typeof VenueChoice>;

/** `GET /api/admin/venue-choices`: the group's venues in its order. One open venue: editors show no venue choice. */
export const VenueChoices = z.object({ venues: z.array(VenueChoice) }).meta({ id: 'VenueChoices' });
export type VenueChoices = z.infer<typeof VenueChoices>;
