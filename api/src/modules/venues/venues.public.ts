/* What the rest of the api may use of the venues module: the group's venues, their zones and hours. */
export { VenueDirectory, type VenueRecord } from './venue-directory.service.js';
export { StaffVenues, type Staffer } from './staff-venues.service.js';
export { venueOfRequest } from './venue-of-request.js';
