/* What the rest of the api may use of the venues module: the group's venues, their zones and hours. */
export { VenueDirectory, type VenueRecord } from './venue-directory.service.js';
export { venueOfRequest, type VenueOfRequest } from './venue-of-request.js';
