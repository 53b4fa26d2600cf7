import { z } from 'zod';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());

/** Variables every process reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/nocturne'),
  DATABASE_POOL_MAX: int(10, 1),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Key prefix for every BullMQ queue and rate-limit key; lets test runs share one Redis. */
  REDIS_PREFIX: z.string().trim().min(1).default('nocturne'),
  VENUE_TZ: z
    .string()
    .default('Australia/Sydney')
    .refine((tz) => isTimeZone(tz), { message: 'must be an IANA time zone such as Australia/Sydney' }),
  APP_URL: z.url().default('http://localhost:8080'),
  TIER_SILVER: int(100, 1),
  TIER_GOLD: int(500, 1),
  TIER_PLATINUM: int(1500, 1),
  POINTS_WELCOME_BONUS: int(20),
  POINTS_PER_COMMENT: int(5),
  COMMENT_REWARDS_PER_NIGHT: int(10),
  SESSION_TTL_DAYS: int(30, 1),
  /** HMAC key for QR tokens; required in production. */
  QR_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  MAIL_FROM: z.string().default('Nocturne <no-reply@nocturne.local>'),
  VENUE_INBOX: z.email().default('bookings@nocturne.local'),
  /** SMTP server (smtp://user:pass@host:port); unset writes .eml files under MAIL_DIR. */
  SMTP_URL: optionalUrl,
  MAIL_DIR: z.string().default('var/mail'),
  AC_API_URL: optionalUrl,
  AC_API_KEY: optionalString,
  AC_LIST_ID: optionalString,
  AC_FIELD_TIER: optionalString,
  AC_FIELD_POINTS: optionalString,
  /** Sync members to ActiveCampaign on registration and tier change (when AC is configured). */
  AC_AUTO_SYNC: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Let outgoing webhooks reach private and loopback addresses (development and tests only). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  STORAGE_DIR: z.string().default('var/uploads'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});

export const apiEnvSchema = baseEnvSchema.extend({
  /** How long an upload URL from POST /api/admin/upload/sign stays valid (seconds). */
  UPLOAD_URL_TTL_SECONDS: int(600, 1),
  PORT: int(8080, 1),
  HOST: z.string().default('0.0.0.0'),
  /** Folder holding the built SPA; served at / with history fallback when present. */
  WEB_DIST_DIR: z.string().default('web/dist'),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  QUEUE_DASHBOARD_USER: optionalString,
  QUEUE_DASHBOARD_PASSWORD: optionalString,
  /** Trust X-Forwarded-* from a proxy in front of the api (needed for per-IP rate limits behind one). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const workerEnvSchema = baseEnvSchema.extend({
  WORKER_CONCURRENCY: int(4, 1),
  /** Requests per second the ActiveCampaign account allows (AC's documented limit is 5). */
  AC_RATE_LIMIT_PER_SECOND: int(5, 1),
  /** Bulk imports per minute the account allows (AC's documented limit is 100). */
  AC_IMPORT_LIMIT_PER_MINUTE: int(100, 1),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;
export type ApiEnv = z.infer<typeof apiEnvSchema>;
export type WorkerEnv = z.infer<typeof workerEnvSchema>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
