/* What the rest of the api may use of the venues module: the group's venues, their zones and hours. */
export { VenueDirectory } from './venue-directory.service.js';
export type { VenueRecord } from './venue-rows.js';
export { StaffVenues, type Staffer } from './staff-venues.service.js';
export { venueOfRequest } from './venue-of-request.js';
export { registerVenuePages, venueGroupHead } from './venue-pages.js';
