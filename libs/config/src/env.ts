import { isIP } from 'node:net';
import { z } from 'zod';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());
/**
 * Bearer token of the api's and the worker's GET /metrics: when set, a scrape without
 * `Authorization: Bearer <METRICS_TOKEN>` gets 401. One token for both, so one scrape config serves them.
 */
const metricsToken = optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional());

/** Variables every process reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/nocturne'),
  DATABASE_POOL_MAX: int(10, 1),
  /**
   * The password `db:migrate` gives the api's database role (nocturne_api, which the migrations
   * create); the api's DATABASE_URL then names that role with this password (docs/DEPLOY.md).
   */
  API_DATABASE_PASSWORD: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * A streaming read replica of DATABASE_URL: when set, the polling reads (news feed, coupons, points)
   * go to it, except for a member who has just written (read-your-writes, docs/ARCHITECTURE.md).
   */
  DATABASE_REPLICA_URL: optionalUrl,
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /**
   * Redis Cluster seed nodes (`host:port,host:port`); when set every Redis user connects to the
   * cluster instead of REDIS_URL (whose credentials, TLS and nothing else still apply), and
   * REDIS_PREFIX must be a hash tag such as `{nocturne}`.
   */
  REDIS_CLUSTER_NODES: optionalString.pipe(
    z
      .string()
      .regex(/^\s*[^\s,:]+:\d+\s*(,\s*[^\s,:]+:\d+\s*)*$/, 'must be host:port pairs separated by commas')
      .optional(),
  ),
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
  /** Points for a member's visit (their card scanned at the door), once per club night; 0 turns them off. */
  POINTS_PER_VISIT: int(20),
  /** Default points a referral pays each of the two members at the first visit (a manager may change it); 0 turns it off. */
  REFERRAL_POINTS: int(50),
  /** Default referrals a member may make per venue calendar month (a manager may change it). */
  REFERRALS_PER_MONTH: int(5),
  SESSION_TTL_DAYS: int(30, 1),
  /** Absolute session lifetime from sign-in, whatever the use (the sliding expiry stops there). */
  SESSION_MAX_AGE_DAYS: int(90, 1),
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
  /** The bucket's address as browsers reach it (signed upload and media URLs), when it differs from S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /**
   * Apple Wallet (README "Wallet passes"): off unless the pass type id, team id, pass certificate
   * and key and Apple's WWDR certificate are all set (PEM files); APNS_KEY_FILE and APNS_KEY_ID
   * (the .p8 token-signing key) let the worker tell devices a pass changed.
   */
  APPLE_PASS_TYPE_ID: optionalString,
  APPLE_TEAM_ID: optionalString,
  APPLE_PASS_CERT_FILE: optionalString,
  APPLE_PASS_KEY_FILE: optionalString,
  APPLE_PASS_KEY_PASSPHRASE: optionalString,
  APPLE_WWDR_CERT_FILE: optionalString,
  APNS_KEY_FILE: optionalString,
  APNS_KEY_ID: optionalString,
  /** Where APNs is reached (HTTP/2); Apple's production address unless set (sandbox: https://api.sandbox.push.apple.com). */
  APNS_URL: z.url().default('https://api.push.apple.com'),
  /** The venue's "latitude,longitude": Apple Wallet passes show on the lock screen near it; unset: no location. */
  WALLET_VENUE_LOCATION: optionalString.pipe(
    z
      .string()
      .regex(/^-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?$/, 'must be "latitude,longitude"')
      .optional(),
  ),
  /** Google Wallet: off unless the issuer id, the service account's e-mail and its private key (PEM file) are set. */
  GOOGLE_WALLET_ISSUER_ID: optionalString,
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: optionalString,
  GOOGLE_WALLET_KEY_FILE: optionalString,
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
  METRICS_TOKEN: metricsToken,
  /**
   * How many downloads (the member's data export, the members and audit CSVs) one account may run
   * at once, and the api process in all; past either the api answers 429 with Retry-After. Each
   * streams a batch at a time, so these bound the database work and connections more than memory.
   */
  EXPORTS_PER_MEMBER: int(2, 1),
  EXPORTS_AT_ONCE: int(10, 1),
  /**
   * The most members tonight's offline door data holds. Up to it, every member with a card or a
   * coupon; past it (a large group), those the door is likeliest to meet, newest activity first:
   * on tonight's guest list there, seen at that venue lately, a coupon claimed or used lately,
   * joined lately. A member left out is "Not in tonight's door data" while the door is offline.
   */
  DOOR_DATA_MEMBERS_MAX: int(5_000, 1),
  /**
   * Key that seals staff authenticator-app secrets in the database (AES-256-GCM, key from HKDF);
   * unset: derived from QR_SECRET. Set it so that rotating QR_SECRET leaves enrolled apps working.
   */
  SECOND_FACTOR_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Which X-Forwarded-* hops to believe (per-IP rate limits behind a proxy): `false`, the number of
   * proxies in front of the api (`1` behind one load balancer), or their addresses and CIDRs,
   * comma-separated. `true` (every hop) is refused: a client's own X-Forwarded-For would then pick
   * the address every per-address limit counts.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context): false | number | string[] => {
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') {
        context.addIssue({
          code: 'custom',
          message:
            "'true' trusts every hop, so a client's own X-Forwarded-For picks its address: give the number of proxies in front of the api (e.g. 1) or their addresses/CIDRs",
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops > 10) context.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
        return hops;
      }
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isAddressOrCidr(entry));
      if (bad.length) {
        context.addIssue({
          code: 'custom',
          message: `not an IP address or CIDR: ${bad.join(', ')} (or give a hop count such as 1)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
});

/** An IPv4/IPv6 address, or one with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Jobs of a queue one worker process runs at once. */
const concurrency = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);
/** A queue's own concurrency, unset to follow WORKER_CONCURRENCY. */
const ownConcurrency = () => optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(100).optional());

export const workerEnvSchema = baseEnvSchema.extend({
  /** Every queue without a setting of its own (the WORKER_CONCURRENCY_<QUEUE> below). */
  WORKER_CONCURRENCY: concurrency(4),
  /** Unset: WORKER_CONCURRENCY. */
  WORKER_CONCURRENCY_EMAIL: ownConcurrency(),
  /** Unset: WORKER_CONCURRENCY. */
  WORKER_CONCURRENCY_WEBHOOKS: ownConcurrency(),
  /** Pass update jobs at once; each pushes its member's devices over one shared HTTP/2 session to APNs. */
  WORKER_CONCURRENCY_WALLET: concurrency(10),
  /** Deliveries to one webhook endpoint in flight at once per worker, so a slow receiver delays only itself. */
  WEBHOOKS_ENDPOINT_CONCURRENCY: concurrency(2),
  /**
   * The Redis limiter (AC_RATE_LIMIT_PER_SECOND), not this, sets how fast ActiveCampaign is
   * called; this only has to keep enough requests in flight to reach that rate while each waits
   * on AC (up to a second or two, or a bulk import's polls).
   */
  WORKER_CONCURRENCY_ACTIVECAMPAIGN: concurrency(10),
  /** One at a time: maintenance jobs sweep whole tables (sessions, uploads, every member's points) and can wait. */
  WORKER_CONCURRENCY_MAINTENANCE: concurrency(1),
  /** Requests per second the ActiveCampaign account allows (AC's documented limit is 5). */
  AC_RATE_LIMIT_PER_SECOND: int(5, 1),
  /** Bulk imports per minute the account allows (AC's documented limit is 100). */
  AC_IMPORT_LIMIT_PER_MINUTE: int(100, 1),
  /** Port of the worker's /metrics and /health/live listener; unset: no listener. */
  WORKER_METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  WORKER_METRICS_HOST: z.string().default('0.0.0.0'),
  METRICS_TOKEN: metricsToken,
  /** Points earned in a month expire at the end of the month this many months later, after a warning e-mail; unset: never. */
  POINTS_EXPIRE_AFTER_MONTHS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(1200).optional()),
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
