import type { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables that must be set explicitly when NODE_ENV=production (no defaults for secrets). */
const REQUIRED_IN_PRODUCTION = ['QR_SECRET'] as const;

/**
 * Parses the environment with a process's schema. Throws a ConfigError naming every bad or
 * missing variable, so start-up can print one readable list and exit non-zero.
 */
export function loadConfig<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(withoutEmpty(env));
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path.join('.') || '(root)';
      const value = env[name];
      problems.push(`${name}: ${issue.message}${value === undefined ? ' (not set)' : ''}`);
    }
    throw new ConfigError(problems);
  }
  const config = result.data;
  if (config['NODE_ENV'] === 'production') {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!config[name]) problems.push(`${name}: required when NODE_ENV=production`);
    }
  }
  if (Boolean(config['AC_API_URL']) !== Boolean(config['AC_API_KEY'])) {
    problems.push('AC_API_URL and AC_API_KEY: set both to enable ActiveCampaign, or neither');
  }
  if (config['REDIS_CLUSTER_NODES'] && !/^\{[^{}]+\}/.test(String(config['REDIS_PREFIX']))) {
    // Every key we write starts with the prefix: as a hash tag it keeps BullMQ's Lua scripts and our
    // MULTIs on one slot (BullMQ docs, "Redis Cluster": the prefix must be wrapped in {}).
    problems.push('REDIS_PREFIX: must be a hash tag such as {nocturne} when REDIS_CLUSTER_NODES is set');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * An empty variable means unset, whatever its type: `.env.example` lists every variable, empty where
 * there is no value, and compose passes `${NAME:-}` through. Without this `TIER_SILVER=` would coerce
 * to 0 and `POINTS_WELCOME_BONUS=` would silently turn the welcome bonus off.
 */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') set[name] = value;
  }
  return set;
}

/** Loads config or prints the problems and exits: for process entry points. */
export function loadConfigOrExit<S extends z.ZodType<Record<string, unknown>>>(schema: S): z.infer<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
