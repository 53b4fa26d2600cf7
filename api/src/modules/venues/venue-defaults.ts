import type { InstallVenueDefaults } from '@nocturne/domain';
import type { ApiConfig } from '#config/api-config.js';

/** The install's settings a venue without its own falls back to. */
export const installVenueDefaults = (config: ApiConfig): InstallVenueDefaults => ({
  timeZone: config.VENUE_TZ,
  inboxEmail: config.VENUE_INBOX,
  location: config.WALLET_VENUE_LOCATION,
});
