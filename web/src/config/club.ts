import { DEFAULT_TIER_THRESHOLDS, type TierThresholds } from '@nocturne/domain';

// The members club's settings the browser needs. They mirror the api's VENUE_TZ and TIER_*
// defaults; a venue that changes those changes these too.

/** "Valid until" dates picked in the admin form end with that club night, in venue time. */
export const VENUE_TIME_ZONE = 'Australia/Sydney';

/** Used for the progress bar when the api does not send its own thresholds. */
export const TIER_THRESHOLDS: TierThresholds = DEFAULT_TIER_THRESHOLDS;

/** SPEC 9: a comment earns 5 points (while the nightly limit allows). */
export const COMMENT_REWARD_POINTS = 5;
