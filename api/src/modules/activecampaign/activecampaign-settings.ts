import type { ApiConfig } from '../../config/api-config.js';

export const NOT_CONFIGURED_MESSAGE = 'ActiveCampaign is not configured: set AC_API_URL and AC_API_KEY.';

export function acConfigured(config: Pick<ApiConfig, 'AC_API_URL' | 'AC_API_KEY'>): boolean {
  return Boolean(config.AC_API_URL && config.AC_API_KEY);
}
