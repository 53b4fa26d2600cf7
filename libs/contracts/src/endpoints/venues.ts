import {
  AdminVenueList,
  AdminVenueView,
  CreateVenueRequest,
  PublicVenueList,
  UpdateVenueRequest,
  VenueIdParams,
} from '../venues.js';
import { ADMINS, ANYONE, MANAGERS, endpoint } from '../endpoint.js';

export const listVenues = endpoint({
  method: 'GET',
  path: '/api/venues',
  summary: "The group's open venues in order: name, address, phone, time zone, opening hours and location",
  access: ANYONE,
  tags: ['venue'],
  conditional: { scopes: ['venues'] },
  response: PublicVenueList,
});

export const listAdminVenues = endpoint({
  method: 'GET',
  path: '/api/admin/venues',
  summary: "Every venue of the group, archived ones too, with its own settings and what they come to (the install's where unset)",
  access: MANAGERS,
  tags: ['venue', 'admin'],
  conditional: { scopes: ['venues'] },
  response: AdminVenueList,
});

export const createVenue = endpoint({
  method: 'POST',
  path: '/api/admin/venues',
  summary: 'Add a venue to the group (its slug is its address on the public site: /venues/:slug)',
  access: ADMINS,
  tags: ['venue', 'admin'],
  body: CreateVenueRequest,
  response: AdminVenueView,
  status: 201,
  errors: {
    400: 'A required field is missing or malformed: the slug, a time zone that is not IANA, opening hours, coordinates out of range',
    409: 'Another venue has that slug',
  },
});

export const updateVenue = endpoint({
  method: 'PATCH',
  path: '/api/admin/venues/:id',
  summary: "Edit a venue: only the fields sent change; null sets the zone, inbox, hours or location back to the install's",
  access: ADMINS,
  tags: ['venue', 'admin'],
  params: VenueIdParams,
  body: UpdateVenueRequest,
  response: AdminVenueView,
  errors: { 400: 'A malformed field', 404: 'No such venue', 409: 'Another venue has that slug' },
});

export const archiveVenue = endpoint({
  method: 'POST',
  path: '/api/admin/venues/:id/archive',
  summary: 'Archive a venue: it takes no new bookings or messages and leaves the public site; its history is kept',
  access: ADMINS,
  tags: ['venue', 'admin'],
  params: VenueIdParams,
  response: AdminVenueView,
  errors: { 404: 'No such venue', 409: 'The venue is already archived, or it is the only open venue' },
});

export const unarchiveVenue = endpoint({
  method: 'POST',
  path: '/api/admin/venues/:id/unarchive',
  summary: 'Open an archived venue again',
  access: ADMINS,
  tags: ['venue', 'admin'],
  params: VenueIdParams,
  response: AdminVenueView,
  errors: { 404: 'No such venue', 409: 'The venue is not archived' },
});
