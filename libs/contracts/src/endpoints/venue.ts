import {
  BookingList,
  BookingResponse,
  BookingsQuery,
  ContactMessageList,
  ContactMessageResponse,
  ContactMessagesQuery,
  InboxCounts,
  UpdateBookingStatusRequest,
  UpdateContactMessageRequest,
} from '../venue-inbox.js';
import { BookingRequest, ContactRequest, CreatedResponse, VenueInfo } from '../venue-requests.js';
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
    400: 'A required field is missing, the date is in the past (venue time), or the form was sent within 3 s of opening',
    429: 'Too many booking requests from this address',
  },
});

export const listContactMessages = endpoint({
  method: 'GET',
  path: '/api/admin/contact-messages',
  summary: 'Contact messages, newest first (all, or those new or handled), with who handled them and their e-mail state',
  access: MANAGERS,
  conditional: { scopes: ['contact_messages', 'email_deliveries'] },
  tags: ['venue', 'admin'],
  query: ContactMessagesQuery,
  response: ContactMessageList,
  errors: { 400: 'Bad paging parameters or an unknown state' },
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
  summary: 'Booking requests, newest first (all, or those with one status), with who decided them and their e-mail state',
  access: MANAGERS,
  conditional: { scopes: ['bookings', 'email_deliveries'] },
  tags: ['venue', 'admin'],
  query: BookingsQuery,
  response: BookingList,
  errors: { 400: 'Bad paging parameters or an unknown status' },
});

export const getInboxCounts = endpoint({
  method: 'GET',
  path: '/api/admin/inbox/counts',
  summary: 'What waits for staff: new contact messages (spam aside) and booking requests not yet answered',
  access: MANAGERS,
  conditional: { scopes: ['contact_messages', 'bookings'] },
  tags: ['venue', 'admin'],
  response: InboxCounts,
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
