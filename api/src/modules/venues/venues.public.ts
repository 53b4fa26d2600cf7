/* What the rest of the api may use of the venues module: the group's venues, their zones and hours. */
export { VenueDirectory, type VenueRecord } from './venue-directory.service.js';
export { StaffVenues } from './staff-venues.service.js';
export { venueOfRequest } from './venue-of-request.js';
export { registerVenuePages, venueGroupHead } from './venue-pages.js';
