import { defineEntity, p } from '@mikro-orm/core';
import { BOOKING_STATUSES } from '@nocturne/domain';
import { Member } from './member.entity.js';
import { Venue } from './venue.entity.js';

export { BOOKING_STATUSES, type BookingStatus } from '@nocturne/domain';

/** A booking request from the public form; the venue confirms or declines it from the admin inbox. */
export const Booking = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  // Capacity counts a venue's bookings of a night per service.
  indexes: [
    { name: 'bookings_venue_date_service_idx', properties: ['venue', 'date', 'service'] },
    // The admin inbox pages newest first by (created_at, id).
    { name: 'bookings_created_at_id_idx', properties: ['createdAt', 'id'] },
  ],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** The venue booked (its inbox, hours and capacity); venue 1 in an install of one venue. */
    venue: () => p.manyToOne(Venue).deleteRule('restrict').defaultRaw('1'),
    name: p.string().length(120),
    email: p.string().length(254),
    phone: p.string().length(40).nullable(),
    /** The club night asked for (venue time), when given. */
    date: p.string().columnType('date').nullable(),
    time: p.string().length(5).nullable(),
    guests: p.string().length(2),
    service: p.string().length(30),
    message: p.text().nullable(),
    status: p.enum(BOOKING_STATUSES).default('requested'),
    /** Staff's note to the guest with the latest decision; it goes into the guest's e-mail. */
    statusNote: p.text().nullable(),
    /** When and by whom the latest decision was made (the admin is null once their account is gone). */
    statusChangedAt: p.datetime().columnType('timestamptz').nullable(),
    decidedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    /** When the guest cancelled through the link in their e-mail (status 'cancelled'). */
    cancelledAt: p.datetime().columnType('timestamptz').nullable(),
    ip: p.string().length(64).nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/** The bookings a manager takes for one club night and service; a night without a row has no limit. */
export const BookingCapacity = defineEntity({
  name: 'BookingCapacity',
  tableName: 'booking_capacities',
  uniques: [{ name: 'booking_capacities_venue_night_service_unique', properties: ['venue', 'night', 'service'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    venue: () => p.manyToOne(Venue).deleteRule('restrict').defaultRaw('1'),
    /** The club night (YYYY-MM-DD, venue time). */
    night: p.string().columnType('date'),
    service: p.string().length(30),
    /** Bookings taken (requested or confirmed) before the night shows as fully booked; 0 takes none. */
    capacity: p.integer(),
    updatedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
