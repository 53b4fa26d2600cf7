export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What staff may answer a booking request with: every status but the first. */
export const BOOKING_DECISIONS = ['confirmed', 'declined'] as const satisfies readonly BookingStatus[];
export type BookingDecision = (typeof BOOKING_DECISIONS)[number];

/** The longest note staff may add to a confirmation or decline; it goes into the guest's e-mail. */
export const BOOKING_NOTE_MAX = 1000;
