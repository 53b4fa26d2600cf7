import {
  BookingCapacitiesQuery,
  BookingCapacityList,
  BookingCapacityResponse,
  BookingList,
  BookingResponse,
  BookingsQuery,
  ContactMessageList,
  ContactMessageResponse,
  ContactMessagesQuery,
  InboxCounts,
  InboxCountsQuery,
  SetBookingCapacityRequest,
  UpdateBookingStatusRequest,
  UpdateContactMessageRequest,
} from '../venue-inbox.js';
import {
  BookingAvailability,
  BookingAvailabilityQuery,
  BookingCancellation,
  BookingCancelToken,
  BookingRequest,
  ContactRequest,
  CreatedResponse,
  VenueInfo,
} from '../venue-requests.js';
import { IdParams } from '../common.js';
import { ANYONE, MANAGERS, endpoint } from '../endpoint.js';

export const getVenue = endpoint({
  method: 'GET',
  path: '/api/venue',
  summary: "The venue's time zone (VENUE_TZ): booking dates, club nights and the times staff see are in it",
  access: ANYONE,
  tags: ['venue'],
  response: VenueInfo,
});

export const sendContactMessage = endpoint({
  method: 'POST',
  path: '/api/contact',
  summary: 'Send a message to the venue (stored, then e-mailed to the venue inbox)',
  access: ANYONE,
  tags: ['venue'],
  body: ContactRequest,
  response: CreatedResponse,
  status: 202,
  errors: { 400: 'A required field is missing or malformed', 429: 'Too many messages from this address' },
});

export const requestBooking = endpoint({
  method: 'POST',
  path: '/api/bookings',
  summary: 'Request a booking (stored; the venue is e-mailed and the guest gets an acknowledgement)',
  access: ANYONE,
  tags: ['venue'],
  body: BookingRequest,
  response: CreatedResponse,
  status: 201,
  errors: {
    400: "A required field is missing (the night and the time are required), the night has ended or is more than 6 months ahead (venue time), the time is not one of the night's slots or has begun, or the form was sent within 3 s of opening",
    409: 'The night is fully booked for that service',
    429: 'Too many booking requests from this address',
  },
});

export const getBookingAvailability = endpoint({
  method: 'GET',
  path: '/api/bookings/availability',
  summary: 'The nights that can be booked now (tonight to 6 months ahead, venue time) and the nights and services fully booked',
  access: ANYONE,
  tags: ['venue'],
  query: BookingAvailabilityQuery,
  response: BookingAvailability,
  errors: { 400: 'A malformed date' },
});

export const getBookingCancellation = endpoint({
  method: 'GET',
  path: '/api/bookings/:id/cancellation',
  summary: "The booking behind a guest's signed cancel link (the token from the e-mail), and whether it can still be cancelled",
  access: ANYONE,
  tags: ['venue'],
  params: IdParams,
  query: BookingCancelToken,
  response: BookingCancellation,
  errors: { 400: 'A bad id or no token', 404: 'No such booking, or the token does not match it' },
});

export const cancelBooking = endpoint({
  method: 'POST',
  path: '/api/bookings/:id/cancel',
  summary: "Cancel a booking through the guest's signed link (the token from the e-mail); its place on the night is freed",
  access: ANYONE,
  tags: ['venue'],
  params: IdParams,
  body: BookingCancelToken,
  response: BookingCancellation,
  errors: {
    400: 'A bad id or no token',
    404: 'No such booking, or the token does not match it',
    409: 'The night has ended, or the booking was declined or already cancelled',
  },
});

export const listBookingCapacities = endpoint({
  method: 'GET',
  path: '/api/admin/booking-capacities',
  summary: "A night's bookings per service against the capacity a manager set (null: no limit)",
  access: MANAGERS,
  tags: ['venue', 'admin'],
  query: BookingCapacitiesQuery,
  response: BookingCapacityList,
  errors: { 400: 'A malformed night' },
});

export const setBookingCapacity = endpoint({
  method: 'PUT',
  path: '/api/admin/booking-capacities',
  summary: 'Set how many bookings a night takes for a service (null takes the limit away); a full night shows as Fully booked',
  access: MANAGERS,
  tags: ['venue', 'admin'],
  body: SetBookingCapacityRequest,
  response: BookingCapacityResponse,
  errors: { 400: 'A malformed night, an unknown service or a capacity that is not a whole number from 0 to 1000' },
});

export const listContactMessages = endpoint({
  method: 'GET',
  path: '/api/admin/contact-messages',
  summary:
    'Contact messages, newest first a page at a time (all, or those new or handled; limit 1..100, default 50; nextCursor null on the last page), with who handled them and their e-mail state',
  access: MANAGERS,
  conditional: { scopes: ['contact_messages', 'email_deliveries'] },
  tags: ['venue', 'admin'],
  query: ContactMessagesQuery,
  response: ContactMessageList,
  errors: {
    400: 'Bad paging parameters (a limit over 100, a cursor not from a previous page), an unknown state or venue',
    403: 'A venue the account does not work at',
  },
});

export const updateContactMessage = endpoint({
  method: 'PATCH',
  path: '/api/admin/contact-messages/:id',
  summary: 'Mark a contact message handled (the admin and the time are recorded) or new again',
  access: MANAGERS,
  tags: ['venue', 'admin'],
  params: IdParams,
  body: UpdateContactMessageRequest,
  response: ContactMessageResponse,
  errors: { 400: 'Unknown state or a bad id', 404: 'No such message' },
});

export const listBookings = endpoint({
  method: 'GET',
  path: '/api/admin/bookings',
  summary:
    'Booking requests, newest first a page at a time (all, or those with one status or of one night; limit 1..100, default 50; nextCursor null on the last page), with who decided them and their e-mail state',
  access: MANAGERS,
  conditional: { scopes: ['bookings', 'email_deliveries'] },
  tags: ['venue', 'admin'],
  query: BookingsQuery,
  response: BookingList,
  errors: {
    400: 'Bad paging parameters (a limit over 100, a cursor not from a previous page), an unknown status or venue',
    403: 'A venue the account does not work at',
  },
});

export const getInboxCounts = endpoint({
  method: 'GET',
  path: '/api/admin/inbox/counts',
  summary: 'What waits for staff: new contact messages (spam aside) and booking requests not yet answered',
  access: MANAGERS,
  conditional: { scopes: ['contact_messages', 'bookings'] },
  tags: ['venue', 'admin'],
  query: InboxCountsQuery,
  response: InboxCounts,
  errors: { 400: "A venue that is not the group's", 403: 'A venue the account does not work at' },
});

export const updateBooking = endpoint({
  method: 'PATCH',
  path: '/api/admin/bookings/:id',
  summary: 'Confirm or decline a booking (or change the decision); the guest is e-mailed, with the note if given',
  access: MANAGERS,
  tags: ['venue', 'admin'],
  params: IdParams,
  body: UpdateBookingStatusRequest,
  response: BookingResponse,
  errors: {
    400: 'Unknown status, a note too long or a bad id',
    404: 'No such booking',
    409: 'The booking already has that status, or was decided by someone else since `expectedStatus`',
  },
});
