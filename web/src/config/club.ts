import { DEFAULT_TIER_THRESHOLDS, type TierThresholds } from '@nocturne/domain';

// The members club's settings the browser needs. They mirror the api's TIER_* defaults; a venue
// that changes those changes these too. The venue's time zone is not one of them: the web asks the
// api (routes.getVenue, lib/venue-time), so VENUE_TZ is set in one place.

/** Used for the progress bar when the api does not send its own thresholds. */
export const TIER_THRESHOLDS: TierThresholds = DEFAULT_TIER_THRESHOLDS;
