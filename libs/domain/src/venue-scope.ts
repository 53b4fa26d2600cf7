/*
 * Venue scope (PRODUCT.md §12): what happens at which venue, and which staff work where. Pure
 * words and rules shared by the api and the web.
 */

/** How many of a member's visits pay visit points in one club night, across the group, unless a manager sets it. */
export const VISIT_POINTS_PER_NIGHT_DEFAULT = 1;
export const VISIT_POINTS_PER_NIGHT_MAX = 20;

/** Names in a sentence: "A", "A and B", "A, B and C". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A venue-only coupon (or anything else) shown at another venue's door. */
export function onlyAtMessage(venueNames: readonly string[]): string {
  return `Only at ${namesInWords(venueNames)}`;
}

/** A staff account asked for a venue it is not granted. */
export function worksAtOnlyMessage(venueNames: readonly string[]): string {
  return `This account works at ${namesInWords(venueNames)} only`;
}

/** Whether a thing for `venueIds` (none: the whole group) applies at `venueId`. */
export function appliesAtVenue(venueIds: readonly number[], venueId: number): boolean {
  return venueIds.length === 0 || venueIds.includes(venueId);
}

/**
 * A visit that the night's cap leaves unpaid: the member was there, and the door says why there
 * are no points.
 */
export function visitCappedMessage(firstName: string, perNight: number): string {
  const times = perNight === 1 ? 'one visit' : `${perNight} visits`;
  return `Welcome, ${firstName}: visit recorded, no points (${times} a night earn points across the group, already reached)`;
}

/**
 * Why an account of some venues (`mine`) may not write a coupon, post or promotion (`thing`) that
 * is for `before` and would be for `after` (none: the whole group; undefined: not changing). What
 * the whole group gets, or another venue, is for admins and group accounts. Null: it may.
 */
export function venueWriteRefusal(input: {
  mine: readonly number[];
  thing: string;
  before?: readonly number[] | undefined;
  after?: readonly number[] | undefined;
  names: (venueIds: readonly number[]) => string[];
}): { message: string; field?: 'venueIds' } | null {
  const { mine, thing, before, after, names } = input;
  const outside = (venueIds: readonly number[]) => venueIds.filter((id) => !mine.includes(id));
  const ours = namesInWords(names(mine));
  if (before !== undefined) {
    if (before.length === 0)
      return { message: `This ${thing} is for the whole group: only an admin or a group manager changes it` };
    const others = outside(before);
    if (others.length > 0)
      return { message: `This ${thing} is also for ${namesInWords(names(others))}: this account works at ${ours} only` };
  }
  if (after !== undefined) {
    if (after.length === 0)
      return {
        message: `Choose ${ours}: a ${thing} for the whole group is made by an admin or a group manager`,
        field: 'venueIds',
      };
    if (outside(after).length > 0) return { message: worksAtOnlyMessage(names(mine)), field: 'venueIds' };
  }
  return null;
}
