import { ROLES, rolesFrom, type Role } from '@nocturne/domain';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: `'anyone'` (no session needed; a session sent along is still
 * resolved), or exactly the roles listed. The role matrix test holds every endpoint to its list.
 */
export type Access = 'anyone' | readonly Role[];

export const ANYONE = 'anyone' satisfies Access;
/** Any signed-in account: every account is a club member, staff included. */
export const SIGNED_IN: readonly Role[] = ROLES;
/** Door mode: door staff, and managers and admins who open it. */
export const DOOR_STAFF: readonly Role[] = rolesFrom('door');
/** Running the venue: news, moderation, coupons, members, inbox, overview, ActiveCampaign. */
export const MANAGERS: readonly Role[] = rolesFrom('manager');
/** Staff accounts and roles, webhooks, settings, member exports. */
export const ADMINS: readonly Role[] = rolesFrom('admin');

/**
 * The scopes a conditional answer's ETag is built from (`resource_versions`, bumped by triggers in
 * the writing transaction): a table, `member_names` (comments and scan logs show names), or
 * `member:{me}` for the caller's own data. A test holds this list to the database's triggers.
 */
export const VERSION_SCOPES = [
  'members',
  'member_names',
  'member_cards',
  'point_transactions',
  'news_posts',
  'news_comments',
  'coupons',
  'user_coupons',
  'qr_scans',
  'bookings',
  'contact_messages',
  'email_deliveries',
  'sync_jobs',
  'webhooks',
  'visits',
  'venues',
  'events',
] as const;
export type VersionScope = (typeof VERSION_SCOPES)[number] | 'member:{me}';

/** Statuses an endpoint documents besides its success (401, 403 and 400 are added where they apply). */
export type ErrorStatus = 302 | 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 503;

/**
 * One endpoint, declared once: the api binds a controller method to it (route, guard, input
 * validation, conditional GET), the OpenAPI document is generated from it, and the web calls it
 * through the route table generated from it (`routes.generated.ts`).
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** The full URL path as browsers call it, with `:name` parameters (`/api/coupons/:id/claim`). */
  path: `/${string}`;
  summary: string;
  access: Access;
  tags?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Success status (default 200). */
  status?: number;
  /** Documented refusals with a short reason each. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Answer content type when not JSON (e.g. text/plain for metrics). */
  produces?: string;
  /**
   * A polled GET answered conditionally: its ETag is built from the versions of these scopes, so a
   * matching `If-None-Match` gets 304 without touching PostgreSQL. `everySeconds` adds the clock
   * for answers that also change with time (a coupon expiring), in buckets of that many seconds.
   * `replica` lets the handler read from DATABASE_REPLICA_URL once that replica has replayed every
   * change to these scopes the api knows of (so never a stale answer under a new ETag, and a
   * member's own write is seen); the handler must then only read. `share` keeps the answer under
   * its ETag and sends the same bytes to the next request with that ETag (the same caller, URL and
   * versions), for an answer that is costly to build and asked for by many at once (tonight's door
   * data at every door of a shared account); it is not combined with `replica`.
   */
  conditional?: { scopes: readonly VersionScope[]; everySeconds?: number; replica?: true; share?: true };
}

/** Declares an endpoint, keeping its literal types (method, path, schemas) for the typed client. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

/** The `:name` parameters of a path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** The method and path of an endpoint, carrying its types: what the web's client calls. */
export interface Route<E extends EndpointSpec = EndpointSpec> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Type-only: never set at runtime. */
  readonly __endpoint?: E;
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : void;

export type ParamsOf<E extends EndpointSpec> = SchemaInput<E['params']>;
export type QueryOf<E extends EndpointSpec> = SchemaInput<E['query']>;
export type BodyOf<E extends EndpointSpec> = SchemaInput<E['body']>;
export type ResponseOf<E extends EndpointSpec> = SchemaOutput<E['response']>;
