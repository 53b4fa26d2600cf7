import { DOOR_STAFF, endpoint } from '../endpoint.js';
import { VenueChoices } from '../venue-scope.js';

export const listVenueChoices = endpoint({
  method: 'GET',
  path: '/api/admin/venue-choices',
  summary: "The group's venues for staff screens (which of them the staffer works at): editors and the Staff screen offer them",
  access: DOOR_STAFF,
  tags: ['admin', 'venues'],
  response: VenueChoices,
});
