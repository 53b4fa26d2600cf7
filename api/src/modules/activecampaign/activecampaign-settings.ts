import { AC_NOT_CONFIGURED } from '@nocturne/domain';
import type { ApiConfig } from '#config/api-config.js';

export const NOT_CONFIGURED_MESSAGE = `${AC_NOT_CONFIGURED}: set AC_API_URL and AC_API_KEY.`;

export function acConfigured(config: Pick<ApiConfig, 'AC_API_URL' | 'AC_API_KEY'>): boolean {
  return Boolean(config.AC_API_URL && config.AC_API_KEY);
}

/** The required variables still unset, named as the tab tells the admin to set them. */
export function acMissingVariables(config: Pick<ApiConfig, 'AC_API_URL' | 'AC_API_KEY'>): ('AC_API_URL' | 'AC_API_KEY')[] {
  return (['AC_API_URL', 'AC_API_KEY'] as const).filter((name) => !config[name]);
}
