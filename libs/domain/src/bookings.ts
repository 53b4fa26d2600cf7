/** 'cancelled': the guest cancelled through the signed link in their e-mail. */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What staff may answer a booking request with: every status but the first. */
export const BOOKING_DECISIONS = ['confirmed', 'declined'] as const satisfies readonly BookingStatus[];
export type BookingDecision = (typeof BOOKING_DECISIONS)[number];

/** The longest note staff may add to a confirmation or decline; it goes into the guest's e-mail. */
export const BOOKING_NOTE_MAX = 1000;

/** The statuses that hold a place on the night (capacity counts these). */
export const BOOKING_HOLDS_PLACE = ['requested', 'confirmed'] as const satisfies readonly BookingStatus[];
